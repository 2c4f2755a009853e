import { useTranslation } from 'react-i18next';
import { FilterX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/field';
import { TypedDateFilter } from '../../../components/ui/typed-date-filter';
import { idOf, idText, type FolderNode } from '../lib/folder-tree';
import { LanguageOptions, VisibilityOptions } from './form-badges';
import {
  hasFilters,
  type FilterChange,
  type FormsBrowseState,
  type LanguageFilter,
  type VisibilityFilter,
} from '../lib/forms-browse';

/**
 * The list's filters (section 2.10): language, category, subcategory, sub-subcategory, visibility,
 * from and to dates, and Clear Filters (the search box is above). Each change goes back to page 1.
 */
export function FormFilters({
  state,
  tree,
  onChange,
  onClear,
}: {
  state: FormsBrowseState;
  tree: FolderNode[] | undefined;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('forms');
  const categories = tree ?? [];
  const category = categories.find((item) => item.id === state.categoryId);
  const subcategory = category?.children.find((item) => item.id === state.subcategoryId);

  return (
    <section
      aria-label={t('filters.label')}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('filters.language')}>
          {({ id }) => (
            <Select
              id={id}
              value={state.language}
              onChange={(event) => onChange({ field: 'language', value: event.target.value as LanguageFilter })}
            >
              <option value="">{t('filters.allLanguages')}</option>
              <LanguageOptions />
            </Select>
          )}
        </Field>
        <Field label={t('filters.category')}>
          {({ id }) => (
            <Select
              id={id}
              value={idText(state.categoryId)}
              onChange={(event) => onChange({ field: 'categoryId', value: idOf(event.target.value) })}
            >
              <option value="">{t('filters.allCategories')}</option>
              {categories.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('filters.subcategory')}>
          {({ id }) => (
            <Select
              id={id}
              value={idText(state.subcategoryId)}
              disabled={!category || category.children.length === 0}
              onChange={(event) => onChange({ field: 'subcategoryId', value: idOf(event.target.value) })}
            >
              <option value="">{t('filters.allSubcategories')}</option>
              {(category?.children ?? []).map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('filters.subSubcategory')}>
          {({ id }) => (
            <Select
              id={id}
              value={idText(state.subSubcategoryId)}
              disabled={!subcategory || subcategory.children.length === 0}
              onChange={(event) => onChange({ field: 'subSubcategoryId', value: idOf(event.target.value) })}
            >
              <option value="">{t('filters.allSubSubcategories')}</option>
              {(subcategory?.children ?? []).map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('filters.visibility')}>
          {({ id }) => (
            <Select
              id={id}
              value={state.visibility}
              onChange={(event) => onChange({ field: 'visibility', value: event.target.value as VisibilityFilter })}
            >
              <option value="">{t('filters.allVisibility')}</option>
              <VisibilityOptions />
            </Select>
          )}
        </Field>
        <TypedDateFilter
          label={t('filters.dateFrom')}
          value={state.dateFrom}
          max={state.dateTo || undefined}
          onApply={(value) => onChange({ field: 'dateFrom', value })}
        />
        <TypedDateFilter
          label={t('filters.dateTo')}
          value={state.dateTo}
          min={state.dateFrom || undefined}
          onApply={(value) => onChange({ field: 'dateTo', value })}
        />
        <div className="flex items-end">
          <Button variant="secondary" onClick={onClear} disabled={!hasFilters(state)} className="w-full sm:w-auto">
            <FilterX aria-hidden="true" className="h-4 w-4" />
            {t('filters.clear')}
          </Button>
        </div>
      </div>
    </section>
  );
}
