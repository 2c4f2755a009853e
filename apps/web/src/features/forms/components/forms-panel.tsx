import { useRef } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormFolderLevel } from '@srpf/shared/forms/forms.rules';
import type { TForm, TFormFolder } from '@srpf/shared';
import { SlideOver, type SlideOverHandle } from '../../../components/ui/slide-over';
import { pathKey } from '../lib/folder-tree';
import type { FolderPath } from '../lib/forms-browse';
import { FolderForm } from './folder-form';
import { FormMetadataForm } from './form-metadata-form';

/** What the right-side panel holds (section 4: upload, edit metadata, create or edit a folder). */
export type PanelContent =
  | { kind: 'upload'; folder: FolderPath; file?: File }
  | { kind: 'edit'; form: TForm }
  | { kind: 'folder'; level: FormFolderLevel; folder?: TFormFolder; parentId?: number };

function contentKey(content: PanelContent): string {
  if (content.kind === 'upload') return `upload:${pathKey(content.folder)}:${content.file?.name ?? ''}`;
  if (content.kind === 'edit') return `edit:${content.form.id}`;
  return `folder:${content.level}:${content.folder?.id ?? 'new'}:${content.parentId ?? ''}`;
}

/**
 * The right-side slide-over of /forms (section 2.10): the upload form ('Uploading to:' the folder the
 * page is in, or the card a PDF was dropped on), the edit-metadata form, and the folder form. It
 * closes after its 300 ms slide-out once a save succeeds; `onClosed` runs when it has gone.
 */
export function FormsPanel({
  content,
  onClosed,
  onUploaded,
}: {
  content: PanelContent | null;
  onClosed: () => void;
  onUploaded?: (form: TForm) => void;
}) {
  const { t } = useTranslation('forms');
  const panel = useRef<SlideOverHandle>(null);
  const close = (force = false) => panel.current?.close(force);
  // A save in flight (the forms' own mutations) keeps Escape and the backdrop from closing the panel.
  const saving = useIsMutating() > 0;

  let title = '';
  if (content?.kind === 'upload') title = t('panel.uploadTitle');
  else if (content?.kind === 'edit') title = t('panel.editTitle');
  else if (content?.kind === 'folder')
    title = t(content.folder ? `panel.editFolder.${content.level}` : `panel.newFolder.${content.level}`);

  return (
    <SlideOver ref={panel} open={content !== null} onClose={onClosed} title={title} busy={saving}>
      {content?.kind === 'upload' && (
        <FormMetadataForm
          key={contentKey(content)}
          mode="upload"
          initialFolder={content.folder}
          initialFile={content.file}
          onSaved={(form) => {
            onUploaded?.(form);
            close(true);
          }}
          onCancel={() => close()}
        />
      )}
      {content?.kind === 'edit' && (
        <FormMetadataForm
          key={contentKey(content)}
          mode="edit"
          form={content.form}
          onSaved={() => close(true)}
          onCancel={() => close()}
        />
      )}
      {content?.kind === 'folder' && (
        <FolderForm
          key={contentKey(content)}
          level={content.level}
          folder={content.folder}
          parentId={content.parentId}
          onSaved={() => close(true)}
          onCancel={() => close()}
        />
      )}
    </SlideOver>
  );
}
