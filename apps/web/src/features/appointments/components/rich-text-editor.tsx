import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './rich-text-editor.css';

/** The spec's toolbar (document 2, section 2.4); the server keeps exactly these tags. */
const MODULES = {
  toolbar: [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ list: 'ordered' }, { list: 'bullet' }],
    [{ align: [] }],
    ['link'],
    ['clean'],
  ],
};
const FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'align', 'link'];

/** Names for Quill's toolbar buttons, which carry only class names of their own. */
export interface ToolbarLabels {
  header: string;
  bold: string;
  italic: string;
  underline: string;
  strike: string;
  ordered: string;
  bullet: string;
  align: string;
  link: string;
  clean: string;
}

const TOOLBAR_SELECTORS: Record<keyof ToolbarLabels, string> = {
  header: '.ql-header .ql-picker-label',
  bold: 'button.ql-bold',
  italic: 'button.ql-italic',
  underline: 'button.ql-underline',
  strike: 'button.ql-strike',
  ordered: 'button.ql-list[value="ordered"]',
  bullet: 'button.ql-list[value="bullet"]',
  align: '.ql-align .ql-picker-label',
  link: 'button.ql-link',
  clean: 'button.ql-clean',
};

export interface RichTextEditorProps {
  value: string;
  toolbarLabels?: ToolbarLabels;
  onChange?: (html: string) => void;
  readOnly?: boolean;
  labelledBy: string;
  describedBy?: string;
}

/**
 * Quill in its snow theme, loaded only when a leave form opens. The editable area gets the field's
 * label, since Quill's contenteditable div has no name of its own.
 */
export default function RichTextEditor({
  value,
  onChange,
  readOnly = false,
  labelledBy,
  describedBy,
  toolbarLabels,
}: RichTextEditorProps) {
  const quill = useRef<ReactQuill>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = quill.current?.getEditor().root;
    if (!root) return;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelledBy);
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    if (readOnly) root.setAttribute('aria-readonly', 'true');
    if (!toolbarLabels || !wrapper.current) return;
    for (const [key, selector] of Object.entries(TOOLBAR_SELECTORS) as [keyof ToolbarLabels, string][]) {
      for (const element of wrapper.current.querySelectorAll<HTMLElement>(selector)) {
        element.setAttribute('aria-label', toolbarLabels[key]);
        element.setAttribute('title', toolbarLabels[key]);
      }
    }
  }, [labelledBy, describedBy, readOnly, toolbarLabels]);

  return (
    <div ref={wrapper} className={readOnly ? 'srpf-rte srpf-rte-readonly' : 'srpf-rte'}>
      <ReactQuill
        ref={quill}
        theme="snow"
        value={value}
        readOnly={readOnly}
        modules={readOnly ? { toolbar: false } : MODULES}
        formats={FORMATS}
        onChange={(html, _delta, source) => {
          // Quill reformats the value it is given; only the person's own typing is a change.
          if (source === 'user') onChange?.(html);
        }}
      />
    </div>
  );
}
