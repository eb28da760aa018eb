import { Link } from 'react-router';
import { appRoutes } from '@um/contract';
import { PageHeader } from '../components/ui/PageHeader';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" description="There is no screen at this address." />
      <Link
        to={appRoutes.dashboard}
        className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
      >
        Go to the dashboard
      </Link>
    </>
  );
}
