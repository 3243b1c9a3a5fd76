/** The home page (the menu's quick links), the card-reader help and the user's own profile. */
import { page, type Resource } from '../../routing/resource';

export const homeRoutes: Resource[] = [
  {
    path: '/',
    page: page(
      () => import('./HomePage'),
      (x) => x.HomePage,
    ),
  },
  {
    path: '/help/card-agent',
    page: page(
      () => import('../help/CardAgentHelp'),
      (x) => x.default,
    ),
  },
  {
    path: '/profile',
    page: page(
      () => import('../profile/ProfilePage'),
      (x) => x.default,
    ),
  },
];
