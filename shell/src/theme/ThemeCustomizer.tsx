import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { Sidebar as Panel } from 'primereact/sidebar';
import { useTranslation } from 'react-i18next';
import { useShellDispatch, useShellSelector } from '../state/store';
import { hijriShown } from '../state/ui';
import {
  customizerToggled,
  footerTypes,
  layouts,
  navbarTypes,
  routerTransitions,
  skins,
  themeChanged,
  type ThemePreferences,
} from './theme';

/** The theme customizer (issue 3): layout, menu, navbar, footer, skin and router transition, saved per user. */
export function ThemeCustomizer() {
  const { t } = useTranslation('shell');
  const dispatch = useShellDispatch();
  const open = useShellSelector((s) => s.theme.customizerOpen);
  const prefs = useShellSelector((s) => s.theme.prefs);
  const showHijri = useShellSelector((s) => s.ui.showHijri);
  const dir = useShellSelector((s) => (s.ui.language === 'ar' || s.ui.language === 'ku' ? 'rtl' : 'ltr'));
  const change = (patch: Partial<ThemePreferences>) => dispatch(themeChanged(patch));
  const choice = <K extends keyof ThemePreferences>(key: K, values: readonly ThemePreferences[K][]) => (
    <div className="erp-field" data-setting={key}>
      <span className="erp-field__label">{t(`theme.${key}`)}</span>
      <SelectButton
        value={prefs[key]}
        options={values.map((v) => ({ value: v, label: t(`theme.options.${String(v)}`) }))}
        allowEmpty={false}
        onChange={(e) =>
          e.value !== null && e.value !== undefined && change({ [key]: e.value } as Partial<ThemePreferences>)
        }
        pt={{ root: { 'data-testid': `theme-${key}` } as object }}
      />
    </div>
  );

  return (
    <Panel
      visible={open}
      position={dir === 'rtl' ? 'left' : 'right'}
      onHide={() => dispatch(customizerToggled(false))}
      header={<h2 className="erp-customizer__title">{t('theme.title')}</h2>}
      className="erp-customizer"
      data-testid="theme-customizer"
    >
      <p className="erp-muted">{t('theme.subtitle')}</p>
      {choice('skin', skins)}
      {choice('layout', layouts)}
      <div className="erp-check" data-setting="menuCollapsed">
        <InputSwitch
          inputId="theme-menuCollapsed"
          checked={prefs.menuCollapsed}
          onChange={(e) => change({ menuCollapsed: Boolean(e.value) })}
        />
        <label htmlFor="theme-menuCollapsed">{t('theme.menuCollapsed')}</label>
      </div>
      {choice('navbarType', navbarTypes)}
      {choice('footerType', footerTypes)}
      {choice('routerTransition', routerTransitions)}
      <div className="erp-check" data-setting="showHijri">
        <InputSwitch
          inputId="pref-showHijri"
          checked={showHijri}
          onChange={(e) => dispatch(hijriShown(Boolean(e.value)))}
        />
        <label htmlFor="pref-showHijri">{t('theme.showHijri')}</label>
      </div>
    </Panel>
  );
}
