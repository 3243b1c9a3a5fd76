/**
 * antd's App (message, notification and modal for the pages) is not part of the light shell: AppLayout puts
 * it around the pages from the first page that is not the home page on. Its code starts loading with that
 * page's code (router.tsx, on navigation; the menu, on hover), not after it.
 */
import { lazy } from 'react';

let loading: Promise<typeof import('./PageServicesApp')> | null = null;
export const loadPageServices = () => (loading ??= import('./PageServicesApp'));
export const PageServices = lazy(loadPageServices);
