import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from './class-names';

const control = (invalid: boolean) =>
  cx(
    'block w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm outline-none transition',
    'focus:ring-2 dark:bg-slate-900 dark:text-slate-100',
    'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 dark:disabled:bg-slate-800 dark:disabled:text-slate-400',
    'read-only:bg-slate-50 dark:read-only:bg-slate-800/60',
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-200 dark:focus:ring-red-900'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100 dark:border-slate-700 dark:focus:ring-brand-900',
  );

/** The look of a text input or select, red when invalid. */
export function controlClasses(invalid = false): string {
  return control(invalid);
}

type ControlProps = {
  invalid?: boolean;
  /** Marked required for assistive technology (the form checks it). */ required?: boolean;
};

export function Input({
  invalid = false,
  required = false,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'required'> & ControlProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      className={cx(control(invalid), 'h-10', className)}
      {...props}
    />
  );
}

export function Select({
  invalid = false,
  required = false,
  className,
  ...props
}: Omit<ComponentProps<'select'>, 'required'> & ControlProps) {
  return (
    <select
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      className={cx(control(invalid), 'h-10 pr-8', className)}
      {...props}
    />
  );
}

export function Checkbox({ label, className, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode }) {
  return (
    <label
      className={cx(
        'inline-flex cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200',
        props.disabled && 'cursor-not-allowed opacity-70',
        className,
      )}
    >
      <input
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300 text-brand-600 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-600"
        {...props}
      />
      {label}
    </label>
  );
}

export interface FieldProps {
  label: string;
  /** Shown under the control in red, and linked to it through aria-describedby. */
  error?: string;
  /** Help under the control; `hintLive` announces its changes (a live count, for example). */
  hint?: ReactNode;
  hintLive?: boolean;
  required?: boolean;
  className?: string;
  /** Receives the ids to put on the control. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean; required: boolean }) => ReactNode;
}

/** A label, a control and its help or error text, wired together for assistive technology. */
export function Field({ label, error, hint, hintLive, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="mb-1 flex items-baseline gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {label}
        </label>
        {/* Beside the label, not in it: the field's name stays exactly its label; aria-required says the rest. */}
        {required && (
          <span aria-hidden="true" className="text-sm text-red-600 dark:text-red-400">
            *
          </span>
        )}
      </div>
      {children({ id, describedBy, invalid: Boolean(error), required: Boolean(required) })}
      {/* A live field keeps one region mounted, so screen readers hear each change of its text. */}
      <div aria-live={hintLive ? 'polite' : undefined}>
        {hint && (
          <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
