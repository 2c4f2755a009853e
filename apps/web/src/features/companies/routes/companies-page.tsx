import { CompaniesManager } from '../components/companies-manager';

/** /companies: the companies screen on its own page. */
export function Component() {
  return (
    <div className="mx-auto max-w-screen-xl">
      <CompaniesManager />
    </div>
  );
}
