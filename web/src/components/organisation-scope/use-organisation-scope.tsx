import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth.tsx';
import { useOrganisationOptions } from '../../lib/organisation-options.ts';

/** The query-string key that holds the chosen organisation (shareable, kept on reload and Back). */
export const ORGANISATION_PARAM = 'organisation';

export interface OrganisationScope {
  /** The organisation the page works on; null until one is known (no request needs it before). */
  organisationId: string | null;
  /** The picker to show (platform and system administrators, whose session has no organisation). */
  picker: ReactNode;
}

/**
 * The one organisation-picker pattern of organisation-scoped admin pages (decision 0034,
 * issue 10 item 3): a session that works in an organisation uses it; otherwise the page shows
 * a picker of the platform's organisations and keeps the choice in the URL
 * (`?organisation=<id>`). The id counts only once the list confirms it, so a stale or foreign
 * link sends no failing request: it shows the picker with a message instead.
 */
export function useOrganisationScope(fieldId: string): OrganisationScope {
  const { t } = useTranslation();
  const { session } = useAuth();
  const sessionOrganisation = session?.organisationId ?? null;
  const [params, setParams] = useSearchParams();
  const options = useOrganisationOptions({ enabled: sessionOrganisation === null });
  if (sessionOrganisation) return { organisationId: sessionOrganisation, picker: null };

  const wanted = params.get(ORGANISATION_PARAM);
  const known = options.data?.some((o) => o.id === wanted) ?? false;
  const organisationId = wanted && known ? wanted : null;
  const unknown = Boolean(wanted) && options.isSuccess && !known;
  const picker = (
    <Select
      id={fieldId}
      label={t('organisationScope.label')}
      description={t('organisationScope.hint')}
      placeholder={options.isPending ? t('common.loading') : t('organisationScope.placeholder')}
      data={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      value={organisationId}
      onChange={(value) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(ORGANISATION_PARAM, value);
          else next.delete(ORGANISATION_PARAM);
          return next;
        })
      }
      error={
        unknown
          ? t('organisationScope.unknown')
          : options.isError
            ? t('organisationScope.loadFailed')
            : undefined
      }
      searchable
      nothingFoundMessage={t('organisationScope.nothingFound')}
      maw={480}
    />
  );
  return { organisationId, picker };
}
