import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDrugByCode } from '../../../components/pickers/api/drugs.ts';
import { useEdqmTerm } from '../../../components/pickers/api/edqm.ts';
import { type MeddraCoding, useMeddraLookup } from '../../../components/pickers/api/meddra.ts';

const Code = ({ children }: { children: string | number }) => (
  <Text span size="sm" c="dimmed" ff="monospace">
    {children}
  </Text>
);

/**
 * A MedDRA coding in words: the LLT and its PT with their codes and the MedDRA version, looked
 * up in the coding's release (GET /v1/meddras/lookup); the codes alone when that release is not
 * installed here.
 */
export function MeddraTermText({ coding }: { coding: MeddraCoding }) {
  const { t } = useTranslation();
  const lookup = useMeddraLookup(coding);
  const path = lookup.paths?.find((p) => p.primary) ?? lookup.paths?.[0];
  const version = t('caseDoc.meddraVersion', { version: coding.version });
  if (lookup.isPending) return <Loader size="xs" aria-label={t('common.loading')} />;
  if (!path?.llt)
    return (
      <span>
        <Code>{coding.code}</Code> · {version}
        <Text span size="sm" c="dimmed" display="block">
          {t('caseDoc.termNotFound', { code: coding.code, version: coding.version })}
        </Text>
      </span>
    );
  return (
    <span data-testid="meddra-term">
      {t('caseDoc.llt')} {path.llt.name} <Code>{path.llt.code}</Code>
      {path.pt ? (
        <>
          {' · '}
          {t('caseDoc.pt')} {path.pt.name} <Code>{path.pt.code}</Code>
        </>
      ) : null}
      {' · '}
      {version}
    </span>
  );
}

/** An EDQM dose form or route by its term in the reader's language, with its code. */
export function EdqmTermText({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const term = useEdqmTerm(code);
  if (term.isPending) return <Loader size="xs" aria-label={t('common.loading')} />;
  if (!term.data)
    return (
      <span>
        <Code>{code}</Code>{' '}
        <Text span size="sm" c="dimmed">
          {t('caseDoc.edqmNotFound', { code })}
        </Text>
      </span>
    );
  return (
    <span>
      {term.data.translations[i18n.language] ?? term.data.term} <Code>{code}</Code>
    </span>
  );
}

/** A product identifier (MPID) by the product's name in the organisation's list, with its code. */
export function ProductText({ code }: { code: string }) {
  const { t } = useTranslation();
  const drug = useDrugByCode(code);
  if (drug.isPending) return <Loader size="xs" aria-label={t('common.loading')} />;
  if (!drug.data)
    return (
      <span>
        <Code>{code}</Code>{' '}
        <Text span size="sm" c="dimmed">
          {t('caseDoc.productNotFound', { code })}
        </Text>
      </span>
    );
  return (
    <span>
      {drug.data.name} <Code>{code}</Code>
    </span>
  );
}
