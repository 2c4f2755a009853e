import { useId, useRef } from 'react';
import type { SlideOverHandle } from '../../../components/ui/slide-over';
import type { AppointmentFormProps } from '../lib/edit-form';
import { useFiling } from './company-user-fields';

/**
 * What the leave and orderly-room forms share around their fields: editing or filing, whether the
 * detail's abilities are still on their way (nothing is editable until they are known), whether the
 * details are locked, who files when a person may file only for themselves, and the panel that closes.
 */
export function useFormFrame({
  appointment,
  abilities,
  onClose,
}: Pick<AppointmentFormProps, 'appointment' | 'abilities' | 'onClose'>) {
  const editing = appointment !== null;
  const waiting = editing && abilities === undefined;
  // The details are locked once this person may no longer change them (or until that is known).
  const locked = editing && !abilities?.can_edit;
  const filing = useFiling();
  const filer = !editing && filing.selfOnly ? filing.self : null;
  const formId = useId();
  const panel = useRef<SlideOverHandle>(null);
  const finish = () => (panel.current ? panel.current.close(true) : onClose());
  return { editing, waiting, locked, filer, formId, panel, finish };
}
