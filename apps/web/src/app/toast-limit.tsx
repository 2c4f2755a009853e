import { useEffect } from 'react';
import toast, { useToasterStore } from 'react-hot-toast';

/** The spec allows at most 20 toasts at once: the oldest visible ones are dismissed beyond that. */
export function ToastLimit({ max }: { max: number }) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(max)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts, max]);
  return null;
}
