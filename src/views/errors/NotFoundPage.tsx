import { StatusPage } from './StatusPage.tsx';

/** The seed's 404: "This page could not be found" with a way back home. */
export function NotFoundPage() {
  return <StatusPage code={404} title="error.notFound" />;
}
