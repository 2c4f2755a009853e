import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cx } from './class-names';

/** In place of what could not be loaded: what failed, and a retry. */
export function LoadFailed({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={cx('text-center', className)}>
      <p className="font-medium text-red-700 dark:text-red-400">{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
