/** The support area: one lazy chunk for its screens (the help articles so far). */
import type { PageProps } from '../../app/pages.tsx';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { HelpPage } from './help/HelpPage.tsx';

export default function SupportArea(props: PageProps) {
  switch (props.route.key) {
    case 'help':
      return <HelpPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}
