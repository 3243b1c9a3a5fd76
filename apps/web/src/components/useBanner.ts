import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { BannerState } from './ResultBanner';

/**
 * Banner state of a detail page. A banner can be carried across a navigation
 * (e.g. after create → /x/:id) in location.state.banner. Changing `resetKey`
 * (e.g. the record id, or 'new') clears it unless the navigation carried one.
 */
export function useBanner(resetKey: unknown) {
  const location = useLocation();
  const carried = (location.state as { banner?: BannerState } | null)?.banner ?? null;
  const [banner, setBanner] = useState<BannerState | null>(carried);
  useEffect(() => {
    setBanner(carried);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey, location.key]);
  return [banner, setBanner] as const;
}
