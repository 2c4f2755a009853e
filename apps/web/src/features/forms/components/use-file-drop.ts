import { useState, type DragEvent } from 'react';
import { dragHasFiles } from '../lib/pdf-files';

/**
 * Files dragged onto an element (a folder card, Bulk Upload's drop zone): `over` while files hover
 * it, which highlights it, and `onFiles` with what is dropped. Text or a link dragged about the page
 * is left alone, and so is everything while `onFiles` is absent.
 */
export function useFileDrop(onFiles: ((files: File[]) => void) | undefined) {
  const [over, setOver] = useState(false);
  const dragOver = (event: DragEvent) => {
    if (!onFiles || !dragHasFiles(event.dataTransfer.types)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!over) setOver(true);
  };
  const dragLeave = (event: DragEvent) => {
    // Moving between the element's own children is not leaving it.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setOver(false);
  };
  const drop = (event: DragEvent) => {
    if (!onFiles || !dragHasFiles(event.dataTransfer.types)) return;
    event.preventDefault();
    setOver(false);
    onFiles(Array.from(event.dataTransfer.files));
  };
  return { over, dropHandlers: { onDragEnter: dragOver, onDragOver: dragOver, onDragLeave: dragLeave, onDrop: drop } };
}
