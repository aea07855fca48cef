import { accountsReports, reportParameterList } from '@erp/contracts';
import { isLabelKey, labels, languages } from '@erp/i18n';
import ar from '../../../mfe-accounts/src/locales/ar/mfe_accounts.json';
import de from '../../../mfe-accounts/src/locales/de/mfe_accounts.json';
import en from '../../../mfe-accounts/src/locales/en/mfe_accounts.json';
import fr from '../../../mfe-accounts/src/locales/fr/mfe_accounts.json';
import ku from '../../../mfe-accounts/src/locales/ku/mfe_accounts.json';
import pt from '../../../mfe-accounts/src/locales/pt/mfe_accounts.json';

/** Every text the accounts reports show (titles, columns, groups, filters, choices, summaries), in six languages. */
describe('the accounts reports speak every language', () => {
  const keys = new Set<string>();
  for (const report of accountsReports) {
    keys.add(report.title);
    for (const c of report.columns) {
      keys.add(c.label);
      if (c.group) keys.add(c.group);
    }
    for (const f of report.summary ?? []) keys.add(f.label);
    for (const p of reportParameterList(report)) {
      keys.add(p.meta.label);
      for (const o of p.meta.options ?? []) keys.add(`${p.meta.optionLabels}.${o}`);
    }
  }

  it.each([...keys].sort())('%s is a label with a text in each language', (key) => {
    expect(isLabelKey(key)).toBe(true);
    for (const language of languages)
      expect([language, (labels[language] as Record<string, string>)[key] ?? '']).toEqual([
        language,
        expect.stringMatching(/\S/),
      ]);
  });

  it("names the hub and each tab in mfe-accounts' own texts", () => {
    for (const texts of [ar, en, fr, de, pt, ku]) {
      expect(texts.accountsReports).toMatch(/\S/);
      for (const report of accountsReports)
        expect((texts.reports as Record<string, string>)[report.name]).toMatch(/\S/);
    }
  });
});
