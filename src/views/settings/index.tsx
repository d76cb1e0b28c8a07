/** The settings area: one lazy chunk for its screens. */
import type { PageProps } from '../../app/routes.ts';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { BannerListPage } from './banners/BannerListPage.tsx';
import { BranchListPage } from './branches/BranchListPage.tsx';
import { SectionPage } from './SectionPage.tsx';

export default function SettingsArea(props: PageProps) {
  switch (props.route.key) {
    case 'settingsBusiness':
      return <SectionPage {...props} section="business" />;
    case 'settingsFees':
      return <SectionPage {...props} section="fees" />;
    case 'settingsCurrency':
      return <SectionPage {...props} section="currency" />;
    case 'settingsLanguage':
      return <SectionPage {...props} section="language" />;
    case 'settingsTheme':
      return <SectionPage {...props} section="theme" />;
    case 'settingsCompany':
      return <SectionPage {...props} section="company" />;
    case 'settingsBranches':
      return <BranchListPage {...props} />;
    case 'settingsBanner':
      return <BannerListPage {...props} />;
    default:
      return <PlaceholderPage {...props} />;
  }
}
