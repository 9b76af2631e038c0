import { useTranslation } from 'react-i18next';
import { formatPartialDate } from '../../../lib/dates.ts';
import { languageLabel } from '../../../lib/labels.ts';
import { type FieldNode, labelKey } from './blocks.ts';
import type { Step } from './places.ts';

const isNullFlavour = (v: unknown): v is { nullFlavor: string } =>
  typeof v === 'object' && v !== null && typeof (v as { nullFlavor?: unknown }).nullFlavor === 'string';

/** A country code as its name in the reader's language ("France"), the code when the browser has none. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The words of the case document in the reader's language: labels of places, names of items
 * ("Drug 2"), coded values, null flavours, dates, quantities. One place for them, so the view,
 * the diff and the form say the same thing.
 */
export function useCaseWords() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const label = (path: string) => t(`caseDoc.labels.${labelKey(path)}`, { defaultValue: path });
  const item = (key: string, index: number) => t(`caseDoc.items.${key}`, { n: index + 1 });
  /** "Drug 1 › Dosage 2": the items and groups a place lies in (the block is said by its section). */
  const trail = (steps: Step[]) =>
    steps
      .flatMap((s) =>
        s.kind === 'item' ? [item(s.key, s.index)] : s.kind === 'group' ? [t(`caseDoc.labels.${s.key}`)] : [],
      )
      .join(' › ');
  const nullFlavour = (code: string) =>
    `${t(`caseDoc.nullFlavours.${code}`, { defaultValue: code })} (${code})`;
  // `10.a` (decades) is written `10_a` in the texts: a dot would split the key.
  const unit = (code: string | undefined) =>
    code ? t(`caseDoc.units.${code.replaceAll('.', '_')}`, { defaultValue: code }) : '';
  const code = (node: FieldNode, value: string) =>
    t(`caseDoc.codes.${node.codes ?? node.key}.${value}`, { defaultValue: value });
  const yesNo = (value: boolean) => (value ? t('caseDoc.yes') : t('caseDoc.no'));

  /**
   * A value of `node` in words, or null for the widgets that look their term up (MedDRA, EDQM,
   * products), which the view draws itself.
   */
  const plain = (node: FieldNode, value: unknown): string | null => {
    if (value === undefined || value === null || value === '') return t('caseDoc.notGiven');
    if (isNullFlavour(value)) return nullFlavour(value.nullFlavor);
    switch (node.widget) {
      case 'code':
        return typeof value === 'string' ? code(node, value) : String(value);
      case 'yesNo':
        return typeof value === 'boolean' ? yesNo(value) : String(value);
      case 'flag':
        return t('caseDoc.yes');
      case 'date':
        return typeof value === 'string' ? formatPartialDate(value, language) : String(value);
      case 'quantity': {
        const q = value as { value?: string; unit?: string };
        return [q.value, unit(q.unit)].filter(Boolean).join(' ');
      }
      case 'country':
        return typeof value === 'string' ? `${countryName(value, language)} (${value})` : String(value);
      case 'language':
        return typeof value === 'string' ? `${languageLabel(value, language)} (${value})` : String(value);
      case 'termId': {
        const term = value as { code?: string; version?: string };
        return term.version
          ? `${term.code} (${t('caseDoc.version', { version: term.version })})`
          : String(term.code);
      }
      case 'meddra':
      case 'edqmForm':
      case 'edqmRoute':
      case 'product':
        return null;
      default:
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  };
  return { t, language, label, item, trail, nullFlavour, unit, plain, isNullFlavour };
}
