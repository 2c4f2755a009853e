import { useCallback, useEffect, useState } from 'react';

export const NAV_COLLAPSED_KEY = 'srpf-nav-collapsed';

/** Whether the desktop side navigation shows icons only; remembered across visits. */
export function useNavCollapsed(): { collapsed: boolean; toggle: () => void } {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(NAV_COLLAPSED_KEY) === 'true');

  useEffect(() => {
    localStorage.setItem(NAV_COLLAPSED_KEY, String(collapsed));
  }, [collapsed]);

  const toggle = useCallback(() => setCollapsed((current) => !current), []);
  return { collapsed, toggle };
}
