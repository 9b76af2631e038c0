import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type MeddraCoding, useMeddraLookup } from '../../../components/pickers/api/meddra.ts';
import { useAuth } from '../../../lib/auth.tsx';

/**
 * A MedDRA answer read back (issue 25 item 4): the term's name as the picker showed it, its
 * code and release in smaller text. The answer keeps only `{version, code}` (the case
 * document's shape), so the name comes from GET /v1/meddras/lookup — the same query the picker
 * ran when the term was chosen, so on "Check your answers" it is already in the cache. Signed
 * out (no lookup allowed) or when the release is not installed, the code alone.
 */
export function MeddraAnswer({ coding }: { coding: MeddraCoding }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const lookup = useMeddraLookup(isAuthenticated ? coding : undefined);
  const path = lookup.paths?.find((p) => p.primary) ?? lookup.paths?.[0];
  const codeWords = t('reporting.check.meddraCode', { code: coding.code, version: coding.version });
  if (!path?.llt)
    return <>{t('reporting.check.codedVersion', { code: coding.code, version: coding.version })}</>;
  return (
    <span data-testid="meddra-answer">
      {path.llt.name}
      <Text span display="block" size="sm" c="dimmed">
        {codeWords}
      </Text>
    </span>
  );
}
