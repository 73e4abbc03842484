import type { TPayoutReconciliation } from '@kassa/domain';
import PDFDocument from 'pdfkit';
import { translate, type ReadableLanguage } from '../../query/readable-export.ts';
import type { SettlementLine } from './settlement.repository.ts';

/** What the settlement statement shows: the settlement's header, its parts, its lines and the payout. */
export type SettlementStatement = {
  id: string;
  merchant: string;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  status: string;
  gross: number;
  refunded: number;
  chargebacks: number;
  fee: number;
  reserve: number;
  reserveReleased: number;
  oneOffs: number;
  amount: number;
  transactionCount: number;
  iban: string | null;
  holder: string | null;
  payDate: string | null;
  lines: readonly SettlementLine[];
  /** The payout against the acquirer's money (issue 34): expected, paid in, the difference and the exceptions that explain it. */
  reconciliation?: TPayoutReconciliation;
};

const DAY = 86_400_000;
/** An IBAN in groups of four, as printed on paper (and as the screen shows it). */
const groupedIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
const MARGIN = 50;
const RIGHT = 545;

/** Money as the screen shows it (Intl in the user's locale: "€ 1.234,56", "€1,234.56"); zero is never "-0". */
const moneyFormat = (language: ReadableLanguage, currency: string) => {
  const format = new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-US', { style: 'currency', currency });
  return (minor: number) => format.format((minor === 0 ? 0 : minor) / 100);
};

/** A day as the screen shows it: dd-MM-y in Dutch, MM/DD/YYYY in English. */
const dayFormat = (language: ReadableLanguage) => (at: Date | string) => {
  const [y, m, d] = (typeof at === 'string' ? at : at.toISOString()).slice(0, 10).split('-');
  return language === 'nl' ? `${d}-${m}-${y}` : `${m}/${d}/${y}`;
};

type Column = { x: number; width: number; align: 'left' | 'right' };
const LINE_COLUMNS: Column[] = [
  { x: MARGIN, width: 135, align: 'left' },
  { x: 185, width: 95, align: 'left' },
  { x: 280, width: 45, align: 'right' },
  { x: 325, width: 75, align: 'right' },
  { x: 400, width: 70, align: 'right' },
  { x: 470, width: RIGHT - 470, align: 'right' },
];

/**
 * The settlement as a PDF document (A4, the standard Helvetica), in the user's language with the
 * screen's wording and money format: header, the parts of the payout, the lines with their total
 * (the payout) and where the money goes. The caller pipes the returned stream to the response
 * and the document is ended here, so it streams as it is written.
 */
export const settlementPdf = (s: SettlementStatement, language: ReadableLanguage): PDFKit.PDFDocument => {
  const t = (key: string, values?: Record<string, string>) => translate(language, key, values);
  const money = moneyFormat(language, s.currency);
  const day = dayFormat(language);
  const title = t('nav.items.settlementReport');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${title} ${s.merchant} ${s.periodStart ? day(s.periodStart) : s.id}`, Author: 'Kassa' },
  });

  const row = (cells: string[], columns: Column[], bold = false) => {
    const y = doc.y;
    if (y > doc.page.height - MARGIN - 30) doc.addPage();
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) =>
      doc.text(cell, columns[i].x, top, { width: columns[i].width, align: columns[i].align, lineBreak: false }),
    );
    doc.x = MARGIN;
    doc.y = top + 16;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(RIGHT, doc.y - 3)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y += 2;
  };

  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.font('Helvetica').fontSize(12).text(s.merchant);
  doc.moveDown(0.5).fontSize(10);
  const period =
    s.periodStart && s.periodEnd ? `${day(s.periodStart)} – ${day(new Date(s.periodEnd.getTime() - DAY))}` : '';
  const account = s.iban ? `${groupedIban(s.iban)}${s.holder ? ` (${s.holder})` : ''}` : '';
  const payout =
    s.status === 'CARRIED' || !s.payDate
      ? t('finance.settlements.noPayout')
      : t(s.status === 'PAID' ? 'finance.settlements.payoutOn' : 'finance.settlements.scheduledOn', {
          date: day(s.payDate),
          account,
        });
  const header: [string, string][] = [
    [t('finance.settlements.period'), period],
    [t('fields:settlement_report.status'), t(`finance.settlementStatuses.${s.status}`)],
    [t('finance.settlements.payout'), payout],
    [t('fields:settlement_report.transaction_count'), String(s.transactionCount)],
    [t('fields:settlement_report.id'), s.id],
  ];
  const labelColumns: Column[] = [
    { x: MARGIN, width: 130, align: 'left' },
    { x: 185, width: RIGHT - 185, align: 'left' },
  ];
  for (const cells of header) row(cells, labelColumns);

  doc.moveDown(0.5);
  const partColumns: Column[] = [
    { x: MARGIN, width: 200, align: 'left' },
    { x: 400, width: RIGHT - 400, align: 'right' },
  ];
  const out = (amount: number) => money(amount === 0 ? 0 : -amount);
  const parts: [string, string][] = [
    [t('fields:settlement_report.gross'), money(s.gross)],
    [t('fields:settlement_report.refunded'), out(s.refunded)],
    [t('fields:settlement_report.chargebacks'), out(s.chargebacks)],
    [t('fields:settlement_report.fee'), out(s.fee)],
    [t('fields:settlement_report.reserve'), money(s.reserveReleased - s.reserve)],
    [t('fields:settlement_report.one_offs'), money(s.oneOffs)],
  ];
  for (const cells of parts) row(cells, partColumns);
  rule();
  row([t('fields:settlement_report.amount'), money(s.amount)], partColumns, true);

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text(t('finance.settlements.lines'), MARGIN);
  doc.moveDown(0.3).fontSize(10);
  row(
    [
      'fields:settlement_item.kind',
      'fields:settlement_item.payment_product',
      'finance.settlements.count',
      'fields:settlement_item.amount',
      'fields:settlement_item.fee',
      'fields:settlement_item.net',
    ].map((key) => t(key)),
    LINE_COLUMNS,
    true,
  );
  rule();
  for (const line of s.lines) {
    const product = line.payment_product ? t(`paymentProducts.${line.payment_product}`) : '';
    row(
      [
        t(`finance.kinds.${line.kind}`),
        product.startsWith('paymentProducts.') ? (line.payment_product ?? '') : product,
        String(line.count),
        money(line.amount),
        out(line.fee),
        money(line.net),
      ],
      LINE_COLUMNS,
    );
  }
  rule();
  const total = s.lines.reduce((sum, line) => sum + line.net, 0);
  row([t('finance.settlements.linesTotal'), '', '', '', '', money(total)], LINE_COLUMNS, true);
  if (s.reconciliation) reconciliationSection(doc, s.reconciliation, { t, money, row, rule, partColumns });
  doc.end();
  return doc;
};

const EXCEPTION_COLUMNS: Column[] = [
  { x: MARGIN, width: 130, align: 'left' },
  { x: 185, width: 165, align: 'left' },
  { x: 350, width: 85, align: 'left' },
  { x: 435, width: RIGHT - 435, align: 'right' },
];

/**
 * The payout's reconciliation with the acquirer, as its tab on the screen shows it: expected, paid
 * in, the difference, then "€0.00" or the exceptions (and the items no file reported yet) whose
 * effects add up to it.
 */
const reconciliationSection = (
  doc: PDFKit.PDFDocument,
  r: TPayoutReconciliation,
  {
    t,
    money,
    row,
    rule,
    partColumns,
  }: {
    t: (key: string, values?: Record<string, string>) => string;
    money: (minor: number) => string;
    row: (cells: string[], columns: Column[], bold?: boolean) => void;
    rule: () => void;
    partColumns: Column[];
  },
) => {
  const plural = (key: string, count: number) => t(`${key}_${count === 1 ? 'one' : 'other'}`, { count: String(count) });
  const paragraph = (text: string) => {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    doc.font('Helvetica').text(text, MARGIN, doc.y, { width: RIGHT - MARGIN });
    doc.moveDown(0.5);
  };
  doc.moveDown(1);
  if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(12).text(t('reconciliation.payout.tab'), MARGIN);
  doc.moveDown(0.3).fontSize(10);
  row([t('reconciliation.payout.expected'), money(r.expected)], partColumns);
  row([t('reconciliation.payout.paidIn'), money(r.paid_in)], partColumns);
  rule();
  row([t('reconciliation.payout.difference'), money(r.difference)], partColumns, true);
  doc.moveDown(0.5);
  if (r.items > 0 && r.items === r.unreported.count) paragraph(t('reconciliation.payout.noFile'));
  if (r.difference === 0 && r.exceptions.length === 0 && r.unreported.count === 0) {
    paragraph(t('reconciliation.payout.noDifference'));
    return;
  }
  paragraph(
    plural(
      r.unreported.count ? 'reconciliation.payout.explainedWithUnreported' : 'reconciliation.payout.explained',
      r.exceptions.length,
    ),
  );
  row(
    [
      'fields:reconciliationexception.kind',
      'fields:reconciliationexception.merchant_reference',
      'fields:reconciliationexception.state',
      'reconciliation.payout.effect',
    ].map((key) => t(key)),
    EXCEPTION_COLUMNS,
    true,
  );
  rule();
  for (const x of r.exceptions)
    row(
      [
        t(`reconciliation.kinds.${x.kind}`),
        x.merchant_reference ?? x.acquirer_reference ?? '—',
        t(`reconciliation.states.${x.state}`),
        money(x.effect),
      ],
      EXCEPTION_COLUMNS,
    );
  if (r.unreported.count)
    row(
      [
        t('reconciliation.payout.unreported'),
        plural('reconciliation.payout.unreportedCount', r.unreported.count),
        '—',
        money(r.unreported.effect),
      ],
      EXCEPTION_COLUMNS,
    );
  rule();
  const explained = r.exceptions.reduce((sum, x) => sum + x.effect, 0) + r.unreported.effect;
  row([t('reconciliation.total'), '', '', money(explained)], EXCEPTION_COLUMNS, true);
};
