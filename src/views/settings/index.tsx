/** The settings area: one lazy chunk for its screens. */
import type { PageProps } from '../../app/pages.tsx';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';

export default function SettingsArea(props: PageProps) {
  switch (props.route.key) {
    default:
      return <PlaceholderPage {...props} />;
  }
}
