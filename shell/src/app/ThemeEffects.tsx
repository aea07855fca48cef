import { useEffect } from 'react';
import { useShellSelector } from '../state/store';

/** Puts the skin on `<html data-skin>`, so full pages and overlays (dialogs, menus) wear it too. */
export function ThemeEffects() {
  const skin = useShellSelector((s) => s.theme.prefs.skin);
  useEffect(() => {
    document.documentElement.dataset.skin = skin;
  }, [skin]);
  return null;
}
