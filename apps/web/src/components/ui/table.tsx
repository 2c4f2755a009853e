import type { ComponentProps, ReactNode } from 'react';
import { cx } from './class-names';
import { Skeleton } from './skeleton';

/**
 * A scrollable, captioned table; the caption names it for assistive technology (it may be visually hidden).
 * `scrollsByDesign`: a reference table whose columns may not fit a phone and scroll inside their box
 * (the API reference's parameters); a list of records shows cards on a phone instead.
 */
export function DataTable({
  caption,
  captionHidden = true,
  className,
  scrollsByDesign = false,
  children,
}: {
  caption: string;
  captionHidden?: boolean;
  className?: string;
  scrollsByDesign?: boolean;
  children: ReactNode;
}) {
  // Relative: a visually hidden label in a cell (absolutely positioned) is then held inside the
  // scroller; otherwise it stands where the row reaches and widens the whole page on a phone.
  return (
    <div className={cx('relative overflow-x-auto', className)} data-scrolls-by-design={scrollsByDesign || undefined}>
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <caption className={captionHidden ? 'sr-only' : 'px-4 py-2 text-left font-semibold'}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cx(
        'bg-slate-50 px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:bg-slate-800/60 dark:text-slate-300',
        className,
      )}
      {...props}
    />
  );
}

/** The header row: one heading a column, the actions column aligned right like its buttons. */
export function TableHead<Column extends string>({
  columns,
  label,
}: {
  columns: readonly Column[];
  label: (column: Column) => ReactNode;
}) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <Th key={column} className={column === 'actions' ? 'text-right' : undefined}>
            {label(column)}
          </Th>
        ))}
      </tr>
    </thead>
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cx('px-3 py-3 align-middle text-slate-800 dark:text-slate-200', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cx('hover:bg-slate-50 dark:hover:bg-slate-800/40', className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody
      className={cx('divide-y divide-slate-100 bg-white dark:divide-slate-800 dark:bg-slate-900', className)}
      {...props}
    />
  );
}

/** Placeholder rows while a page of the table loads. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} aria-hidden="true" data-skeleton-row="">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column} className="px-3 py-3">
              <Skeleton className={cx('h-4', column === 0 ? 'w-32' : 'w-20')} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** One cell spanning the whole row, for an empty or failed state inside the table. */
export function FullRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-2">
        {children}
      </td>
    </tr>
  );
}
