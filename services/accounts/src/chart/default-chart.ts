import { accounts } from '@erp/contracts';
import type { StarterRecord } from '@erp/service-kit';

/**
 * A new tenant's chart of accounts (issue 13): a Saudi trading company's, in the six languages. Literal data
 * (frozen like a migration: a row's key names its account for good, so its id, `starterRecordId(tenant, key)`,
 * is what the branches' account links will name). Tenants made before get it at the service's start, once
 * (the starter mechanism); an account the tenant deleted is not brought back, nor is a code it already used.
 *
 * Columns: key, code, parent key, nature (d debit, c credit), type (b balance sheet, i income statement),
 * Arabic, English, French, German, Portuguese, Kurdish.
 */
type Row = readonly [
  key: string,
  code: string,
  parent: string | null,
  nature: 'd' | 'c',
  type: 'b' | 'i',
  ar: string,
  en: string,
  fr: string,
  de: string,
  pt: string,
  ku: string,
];

// prettier-ignore
const CHART: readonly Row[] = [
  ['assets', '1', null, 'd', 'b', 'الأصول', 'Assets', 'Actifs', 'Aktiva', 'Ativos', 'سامانەکان'],
  ['currentAssets', '11', 'assets', 'd', 'b', 'الأصول المتداولة', 'Current assets', 'Actifs courants', 'Umlaufvermögen', 'Ativos circulantes', 'سامانە ڕەوانەکان'],
  ['cashAndSafes', '111', 'currentAssets', 'd', 'b', 'النقدية والصناديق', 'Cash and safes', 'Trésorerie et caisses', 'Kasse und Tresore', 'Caixa e cofres', 'پارەی نەختینە و سندووقەکان'],
  ['mainSafe', '1111', 'cashAndSafes', 'd', 'b', 'الصندوق الرئيسي', 'Main safe', 'Caisse principale', 'Hauptkasse', 'Cofre principal', 'سندووقی سەرەکی'],
  ['pettyCash', '1112', 'cashAndSafes', 'd', 'b', 'صندوق المصروفات النثرية', 'Petty cash', 'Petite caisse', 'Portokasse', 'Caixa pequeno', 'سندووقی خەرجی وردە'],
  ['banks', '112', 'currentAssets', 'd', 'b', 'البنوك', 'Banks', 'Banques', 'Banken', 'Bancos', 'بانکەکان'],
  ['mainBank', '1121', 'banks', 'd', 'b', 'الحساب البنكي الرئيسي', 'Main bank account', 'Compte bancaire principal', 'Hauptbankkonto', 'Conta bancária principal', 'هەژماری بانکی سەرەکی'],
  ['receivables', '113', 'currentAssets', 'd', 'b', 'الذمم المدينة', 'Receivables', 'Créances', 'Forderungen', 'Contas a receber', 'قەرزە وەرگیراوەکان'],
  ['customers', '1131', 'receivables', 'd', 'b', 'العملاء', 'Customers', 'Clients', 'Kunden', 'Clientes', 'کڕیاران'],
  ['notesReceivable', '1132', 'receivables', 'd', 'b', 'أوراق القبض', 'Notes receivable', 'Effets à recevoir', 'Besitzwechsel', 'Títulos a receber', 'بەڵگەنامەکانی وەرگرتن'],
  ['employeeAdvances', '1133', 'receivables', 'd', 'b', 'سلف الموظفين', 'Employee advances', 'Avances au personnel', 'Vorschüsse an Mitarbeiter', 'Adiantamentos a funcionários', 'پێشەکی فەرمانبەران'],
  ['inventory', '114', 'currentAssets', 'd', 'b', 'المخزون', 'Inventory', 'Stocks', 'Vorräte', 'Estoque', 'کۆگا'],
  ['merchandise', '1141', 'inventory', 'd', 'b', 'مخزون البضاعة', 'Merchandise inventory', 'Stock de marchandises', 'Warenbestand', 'Estoque de mercadorias', 'کۆگای کاڵا'],
  ['goodsInTransit', '1142', 'inventory', 'd', 'b', 'بضاعة في الطريق', 'Goods in transit', 'Marchandises en transit', 'Waren unterwegs', 'Mercadorias em trânsito', 'کاڵای لە ڕێگادا'],
  ['vatInput', '115', 'currentAssets', 'd', 'b', 'ضريبة القيمة المضافة - المدخلات', 'VAT input', 'TVA déductible', 'Vorsteuer', 'IVA a recuperar', 'باجی بەهای زیادکراو - تێچوو'],
  ['prepaidExpenses', '116', 'currentAssets', 'd', 'b', 'المصروفات المدفوعة مقدماً', 'Prepaid expenses', "Charges constatées d'avance", 'Aktive Rechnungsabgrenzung', 'Despesas antecipadas', 'خەرجییە پێشوەختە دراوەکان'],
  ['nonCurrentAssets', '12', 'assets', 'd', 'b', 'الأصول غير المتداولة', 'Non-current assets', 'Actifs non courants', 'Anlagevermögen', 'Ativos não circulantes', 'سامانە نەگۆڕەکان'],
  ['fixedAssets', '121', 'nonCurrentAssets', 'd', 'b', 'الممتلكات والمعدات', 'Property and equipment', 'Immobilisations corporelles', 'Sachanlagen', 'Imobilizado', 'موڵک و ئامێرەکان'],
  ['furniture', '1211', 'fixedAssets', 'd', 'b', 'الأثاث والتجهيزات', 'Furniture and fixtures', 'Mobilier et agencements', 'Betriebs- und Geschäftsausstattung', 'Móveis e utensílios', 'کەلوپەل و ئامادەکارییەکان'],
  ['vehicles', '1212', 'fixedAssets', 'd', 'b', 'السيارات', 'Vehicles', 'Véhicules', 'Fahrzeuge', 'Veículos', 'ئۆتۆمبێلەکان'],
  ['computers', '1213', 'fixedAssets', 'd', 'b', 'أجهزة الحاسب', 'Computers', 'Matériel informatique', 'EDV-Anlagen', 'Computadores', 'کۆمپیوتەرەکان'],
  ['accumulatedDepreciation', '122', 'nonCurrentAssets', 'c', 'b', 'مجمع الإهلاك', 'Accumulated depreciation', 'Amortissements cumulés', 'Kumulierte Abschreibungen', 'Depreciação acumulada', 'کۆی داخورانی کەڵەکەبوو'],
  ['liabilities', '2', null, 'c', 'b', 'الخصوم', 'Liabilities', 'Passifs', 'Verbindlichkeiten', 'Passivos', 'قەرزەکان'],
  ['currentLiabilities', '21', 'liabilities', 'c', 'b', 'الخصوم المتداولة', 'Current liabilities', 'Passifs courants', 'Kurzfristige Verbindlichkeiten', 'Passivos circulantes', 'قەرزە کورتخایەنەکان'],
  ['payables', '211', 'currentLiabilities', 'c', 'b', 'الذمم الدائنة', 'Payables', 'Dettes fournisseurs', 'Verbindlichkeiten aus Lieferungen', 'Contas a pagar', 'قەرزە دراوەکان'],
  ['suppliers', '2111', 'payables', 'c', 'b', 'الموردون', 'Suppliers', 'Fournisseurs', 'Lieferanten', 'Fornecedores', 'دابینکەران'],
  ['notesPayable', '2112', 'payables', 'c', 'b', 'أوراق الدفع', 'Notes payable', 'Effets à payer', 'Schuldwechsel', 'Títulos a pagar', 'بەڵگەنامەکانی پارەدان'],
  ['vatOutput', '212', 'currentLiabilities', 'c', 'b', 'ضريبة القيمة المضافة - المخرجات', 'VAT output', 'TVA collectée', 'Umsatzsteuer', 'IVA a pagar', 'باجی بەهای زیادکراو - فرۆشتن'],
  ['vatSettlement', '213', 'currentLiabilities', 'c', 'b', 'تسوية ضريبة القيمة المضافة', 'VAT settlement', 'Régularisation de TVA', 'Umsatzsteuer-Verrechnung', 'Apuração de IVA', 'یەکلاکردنەوەی باجی بەهای زیادکراو'],
  ['accruedZakat', '214', 'currentLiabilities', 'c', 'b', 'الزكاة المستحقة', 'Accrued zakat', 'Zakat à payer', 'Zakat-Rückstellung', 'Zakat a pagar', 'زەکاتی شایستە'],
  ['accruedExpenses', '215', 'currentLiabilities', 'c', 'b', 'المصروفات المستحقة', 'Accrued expenses', 'Charges à payer', 'Passive Rechnungsabgrenzung', 'Despesas a pagar', 'خەرجییە شایستەکان'],
  ['accruedSalaries', '2151', 'accruedExpenses', 'c', 'b', 'الرواتب المستحقة', 'Accrued salaries', 'Salaires à payer', 'Gehaltsverbindlichkeiten', 'Salários a pagar', 'مووچە شایستەکان'],
  ['customerAdvances', '216', 'currentLiabilities', 'c', 'b', 'دفعات مقدمة من العملاء', 'Customer advances', 'Avances reçues des clients', 'Kundenanzahlungen', 'Adiantamentos de clientes', 'پێشەکی کڕیاران'],
  ['nonCurrentLiabilities', '22', 'liabilities', 'c', 'b', 'الخصوم غير المتداولة', 'Non-current liabilities', 'Passifs non courants', 'Langfristige Verbindlichkeiten', 'Passivos não circulantes', 'قەرزە درێژخایەنەکان'],
  ['endOfService', '221', 'nonCurrentLiabilities', 'c', 'b', 'مخصص مكافأة نهاية الخدمة', 'End-of-service benefits', 'Indemnités de fin de service', 'Rückstellung für Abfindungen', 'Provisão de fim de serviço', 'پاداشتی کۆتایی خزمەت'],
  ['equity', '3', null, 'c', 'b', 'حقوق الملكية', 'Equity', 'Capitaux propres', 'Eigenkapital', 'Patrimônio líquido', 'مافی خاوەندارێتی'],
  ['capital', '31', 'equity', 'c', 'b', 'رأس المال', 'Capital', 'Capital', 'Gezeichnetes Kapital', 'Capital social', 'سەرمایە'],
  ['statutoryReserve', '32', 'equity', 'c', 'b', 'الاحتياطي النظامي', 'Statutory reserve', 'Réserve légale', 'Gesetzliche Rücklage', 'Reserva legal', 'یەدەگی یاسایی'],
  ['retainedEarnings', '33', 'equity', 'c', 'b', 'الأرباح المبقاة', 'Retained earnings', 'Résultats non distribués', 'Gewinnvortrag', 'Lucros acumulados', 'قازانجی هەڵگیراو'],
  ['ownerCurrent', '34', 'equity', 'c', 'b', 'جاري المالك', "Owner's current account", "Compte courant de l'exploitant", 'Privatkonto des Inhabers', 'Conta corrente do proprietário', 'هەژماری ڕۆژانەی خاوەن'],
  ['revenue', '4', null, 'c', 'i', 'الإيرادات', 'Revenue', 'Produits', 'Erträge', 'Receitas', 'داهاتەکان'],
  ['sales', '41', 'revenue', 'c', 'i', 'المبيعات', 'Sales', 'Ventes', 'Umsatzerlöse', 'Vendas', 'فرۆشتن'],
  ['salesReturns', '42', 'revenue', 'd', 'i', 'مردودات المبيعات', 'Sales returns', 'Retours sur ventes', 'Umsatzrückgaben', 'Devoluções de vendas', 'گەڕاوەی فرۆشتن'],
  ['discountsAllowed', '43', 'revenue', 'd', 'i', 'الخصم المسموح به', 'Discounts allowed', 'Remises accordées', 'Gewährte Skonti', 'Descontos concedidos', 'داشکاندنی ڕێپێدراو'],
  ['discountsReceived', '44', 'revenue', 'c', 'i', 'الخصم المكتسب', 'Discounts received', 'Remises obtenues', 'Erhaltene Skonti', 'Descontos obtidos', 'داشکاندنی وەرگیراو'],
  ['inventoryOverflow', '45', 'revenue', 'c', 'i', 'زيادة المخزون', 'Inventory overflow', "Excédents d'inventaire", 'Inventurüberschüsse', 'Sobras de estoque', 'زیادەی کۆگا'],
  ['otherIncome', '46', 'revenue', 'c', 'i', 'إيرادات أخرى', 'Other income', 'Autres produits', 'Sonstige Erträge', 'Outras receitas', 'داهاتی تر'],
  ['expenses', '5', null, 'd', 'i', 'المصروفات', 'Expenses', 'Charges', 'Aufwendungen', 'Despesas', 'خەرجییەکان'],
  ['costOfGoodsSold', '51', 'expenses', 'd', 'i', 'تكلفة البضاعة المباعة', 'Cost of goods sold', 'Coût des marchandises vendues', 'Wareneinsatz', 'Custo das mercadorias vendidas', 'تێچووی کاڵای فرۆشراو'],
  ['purchaseCosts', '52', 'expenses', 'd', 'i', 'مصاريف المشتريات', 'Purchase costs', "Frais d'achat", 'Bezugskosten', 'Custos de compras', 'خەرجییەکانی کڕین'],
  ['freightIn', '521', 'purchaseCosts', 'd', 'i', 'مصاريف نقل المشتريات', 'Freight on purchases', 'Transport sur achats', 'Eingangsfrachten', 'Fretes sobre compras', 'کرێی گواستنەوەی کڕین'],
  ['customsDuties', '522', 'purchaseCosts', 'd', 'i', 'الرسوم الجمركية', 'Customs duties', 'Droits de douane', 'Zölle', 'Direitos aduaneiros', 'باجی گومرگ'],
  ['purchaseReturns', '523', 'purchaseCosts', 'c', 'i', 'مردودات المشتريات', 'Purchase returns', 'Retours sur achats', 'Rücksendungen an Lieferanten', 'Devoluções de compras', 'گەڕاوەی کڕین'],
  ['inventoryShortage', '53', 'expenses', 'd', 'i', 'عجز المخزون', 'Inventory shortage', "Manquants d'inventaire", 'Inventurdifferenzen (Fehlmengen)', 'Faltas de estoque', 'کەمی کۆگا'],
  ['inventoryDamage', '54', 'expenses', 'd', 'i', 'تالف المخزون', 'Damaged inventory', 'Marchandises endommagées', 'Warenverderb', 'Estoque danificado', 'کاڵای تێکچوو'],
  ['salesCommissions', '55', 'expenses', 'd', 'i', 'عمولات المبيعات', 'Sales commissions', 'Commissions sur ventes', 'Verkaufsprovisionen', 'Comissões de vendas', 'کۆمیسیۆنی فرۆشتن'],
  ['generalExpenses', '56', 'expenses', 'd', 'i', 'المصروفات العمومية والإدارية', 'General and administrative expenses', 'Frais généraux et administratifs', 'Allgemeine Verwaltungskosten', 'Despesas gerais e administrativas', 'خەرجییە گشتی و کارگێڕییەکان'],
  ['salaries', '561', 'generalExpenses', 'd', 'i', 'الرواتب والأجور', 'Salaries and wages', 'Salaires et traitements', 'Löhne und Gehälter', 'Salários e ordenados', 'مووچە و کرێکان'],
  ['rent', '562', 'generalExpenses', 'd', 'i', 'الإيجار', 'Rent', 'Loyer', 'Miete', 'Aluguel', 'کرێ'],
  ['utilities', '563', 'generalExpenses', 'd', 'i', 'الكهرباء والمياه', 'Electricity and water', 'Électricité et eau', 'Strom und Wasser', 'Eletricidade e água', 'کارەبا و ئاو'],
  ['communications', '564', 'generalExpenses', 'd', 'i', 'الاتصالات', 'Communications', 'Télécommunications', 'Telekommunikation', 'Comunicações', 'پەیوەندییەکان'],
  ['depreciation', '565', 'generalExpenses', 'd', 'i', 'مصروف الإهلاك', 'Depreciation expense', 'Dotations aux amortissements', 'Abschreibungen', 'Despesa de depreciação', 'خەرجی داخوران'],
  ['bankCharges', '566', 'generalExpenses', 'd', 'i', 'العمولات البنكية', 'Bank charges', 'Frais bancaires', 'Bankgebühren', 'Tarifas bancárias', 'کرێی بانکی'],
  ['zakatExpense', '567', 'generalExpenses', 'd', 'i', 'مصروف الزكاة', 'Zakat expense', 'Charge de zakat', 'Zakat-Aufwand', 'Despesa de zakat', 'خەرجی زەکات'],
  ['otherGeneralExpenses', '568', 'generalExpenses', 'd', 'i', 'مصروفات عمومية أخرى', 'Other general expenses', 'Autres frais généraux', 'Sonstige allgemeine Kosten', 'Outras despesas gerais', 'خەرجی گشتی تر'],
];

/** The starter key of a default account: `account.<name>` (the branches' account links name these). */
export const defaultAccountKey = (name: string) => `account.${name}`;

/** The default chart as data, for tests and for the links that will name its accounts. */
export const defaultChart = CHART.map(([key, code, parent, nature, type, ar, en, fr, de, pt, ku]) => ({
  key: defaultAccountKey(key),
  code,
  parentKey: parent === null ? null : defaultAccountKey(parent),
  nature: nature === 'd' ? 'debit' : 'credit',
  accountType: type === 'b' ? 'balanceSheet' : 'incomeStatement',
  names: { ar, en, fr, de, pt, ku },
}));

/** The chart as the starter mechanism writes it: parents before children, each with its level. */
export function defaultChartStarters(): StarterRecord[] {
  const byKey = new Map(defaultChart.map((a) => [a.key, a]));
  return defaultChart.map((a) => ({
    key: a.key,
    entity: accounts,
    values: (_branch, idOf) => {
      // a parent the tenant deleted leaves its children at the root (a level computed from what exists)
      const levelOf = (key: string | null): number => {
        const parent = key === null ? null : (byKey.get(key)?.parentKey ?? null);
        return key === null ? 0 : parent !== null && idOf(parent) ? levelOf(parent) + 1 : 1;
      };
      const parentId = a.parentKey === null ? null : idOf(a.parentKey);
      return {
        code: a.code,
        arabicName: a.names.ar,
        englishName: a.names.en,
        frenchName: a.names.fr,
        germanName: a.names.de,
        portugueseName: a.names.pt,
        kurdishName: a.names.ku,
        parentId,
        isSub: parentId !== null,
        level: parentId === null ? 1 : levelOf(a.key),
        nature: a.nature,
        accountType: a.accountType,
        isActive: true,
      };
    },
    servedBy: () => ({ code: a.code }),
  }));
}
