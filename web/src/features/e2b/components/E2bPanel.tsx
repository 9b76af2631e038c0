import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { E2bProfile } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { useApi } from '../../../lib/api-context.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { caseFieldHref } from '../../../lib/case-fields.ts';
import type { CaseTabProps } from '../../../lib/case-tabs.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import {
  downloadCaseFile,
  type ProfileChoice,
  saveFile,
  useAcknowledgements,
  useCaseValidation,
  useCaseXml,
} from '../api/report-e2b.ts';
import { useE2bTexts } from '../texts/use-e2b-texts.ts';
import { RecordAcknowledgement } from './RecordAcknowledgement.tsx';

/** The organisation's default receiver first: what a download gives unless another is chosen. */
const PROFILES: ProfileChoice[] = ['default', 'ich', 'fda', 'eu'];

/**
 * A case as E2B(R3) (issue 14): its findings against a chosen profile, the XML and CIOMS I
 * downloads, and its acknowledgements (each opened through its signed link, G-7). The case
 * view's "E2B(R3)" tab (added through this area's `caseTabs`).
 */
export function E2bPanel({ reportId, reference }: CaseTabProps) {
  // Drawn in the case view, outside the import page: it brings its texts itself.
  useE2bTexts();
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [profile, setProfile] = useState<ProfileChoice>('default');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [showXml, setShowXml] = useState(false);
  const caseXml = useCaseXml(reportId, profile, showXml);
  const validation = useCaseValidation(reportId, profile);
  const acknowledgements = useAcknowledgements(reportId);
  const download = async (kind: 'xml' | 'cioms') => {
    setDownloadError(null);
    try {
      const blob = await downloadCaseFile(api, reportId, kind, profile);
      saveFile(blob, kind === 'xml' ? `${reference}.xml` : `${reference}-CIOMS-I.pdf`);
    } catch (error) {
      setDownloadError(apiErrorMessage(error, t));
    }
  };
  const findings = validation.data?.findings ?? [];
  // The profile the server answered for: the default receiver's when "Default receiver" is chosen.
  const answered: E2bProfile = validation.data?.profile ?? (profile === 'default' ? 'ich' : profile);
  const errors = findings.filter((f) => f.severity === 'error').length;
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('e2b.case.lead')}</Text>
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('e2b.case.profile')}
          value={profile}
          onChange={(value) => setProfile(value as ProfileChoice)}
          // "Default receiver" on one line, like the profiles beside it.
          styles={{ label: { whiteSpace: 'nowrap' } }}
          data={PROFILES.map((p) => ({ value: p, label: t(`e2b.case.profiles.${p}`) }))}
        />
        <Group gap="xs">
          <Button
            variant="default"
            aria-expanded={showXml}
            aria-controls="e2b-xml"
            onClick={() => setShowXml((shown) => !shown)}
          >
            {showXml ? t('e2b.case.hideXml') : t('e2b.case.viewXml')}
          </Button>
          <Button variant="default" onClick={() => download('xml')}>
            {t('e2b.case.downloadXml')}
          </Button>
          <Button variant="default" onClick={() => download('cioms')}>
            {t('e2b.case.downloadCioms')}
          </Button>
        </Group>
      </Group>
      {downloadError ? (
        <Alert color="red" role="alert">
          {downloadError}
        </Alert>
      ) : null}
      {showXml ? (
        <div id="e2b-xml">
          {caseXml.isError ? (
            <LoadError
              title={t('e2b.case.xml')}
              error={caseXml.error}
              onRetry={() => caseXml.refetch()}
              retrying={caseXml.isFetching}
            />
          ) : caseXml.data === undefined ? (
            <Text c="dimmed" role="status">
              {t('common.loading')}
            </Text>
          ) : (
            <Code
              block
              aria-label={t('e2b.case.xml')}
              tabIndex={0}
              style={{
                maxHeight: '24rem',
                maxWidth: '100%',
                overflow: 'auto',
                whiteSpace: 'pre',
                tabSize: 2,
              }}
            >
              {caseXml.data}
            </Code>
          )}
        </div>
      ) : null}
      {validation.isPending ? <Loading label={t('e2b.case.checking')} /> : null}
      {validation.isError ? (
        <LoadError
          title={t('e2b.case.findings')}
          error={validation.error}
          onRetry={() => validation.refetch()}
          retrying={validation.isFetching}
        />
      ) : null}
      {validation.data ? (
        <Stack gap="xs" data-testid="e2b-findings">
          <Alert color={validation.data.valid ? 'green' : 'yellow'} role="status">
            {validation.data.valid
              ? t('e2b.case.valid', { profile: t(`e2b.case.profiles.${answered}`) })
              : t('e2b.case.errors', { count: errors, profile: t(`e2b.case.profiles.${answered}`) })}
          </Alert>
          {findings.length ? (
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label={t('e2b.case.findings')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('e2b.case.severity')}</Table.Th>
                    <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('e2b.case.element')}</Table.Th>
                    <Table.Th>{t('e2b.case.sentence')}</Table.Th>
                    <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('e2b.case.field')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {findings.map((f) => (
                    <Table.Tr key={`${f.rule} ${f.casePath ?? ''} ${f.message}`}>
                      <Table.Td>
                        <Badge color={f.severity === 'error' ? 'red' : 'yellow'} variant="light">
                          {t(`e2b.case.${f.severity}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{f.dataElement ?? f.rule}</Text>
                        {f.xpath ? (
                          <details>
                            <summary>
                              <Text span size="xs" c="dimmed">
                                {t('e2b.case.xpath')}
                              </Text>
                            </summary>
                            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                              {f.xpath}
                            </Text>
                          </details>
                        ) : null}
                      </Table.Td>
                      <Table.Td miw={260}>{f.message}</Table.Td>
                      <Table.Td>
                        {f.casePath ? (
                          <Anchor
                            component={Link}
                            to={caseFieldHref(reportId, f.casePath, true)}
                            size="sm"
                            ff="monospace"
                            style={{ wordBreak: 'break-all' }}
                            aria-label={t('e2b.case.goToField', { field: f.casePath })}
                          >
                            {f.casePath}
                          </Anchor>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
        </Stack>
      ) : null}
      <Title order={2} size="h4">
        {t('e2b.case.acknowledgements')}
      </Title>
      {acknowledgements.isError ? (
        <LoadError
          title={t('e2b.case.acknowledgements')}
          error={acknowledgements.error}
          onRetry={() => acknowledgements.refetch()}
          retrying={acknowledgements.isFetching}
        />
      ) : null}
      {acknowledgements.data?.length === 0 ? (
        <Text c="dimmed">{t('e2b.case.noAcknowledgements')}</Text>
      ) : null}
      {acknowledgements.data?.length ? (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('e2b.case.acknowledgements')}>
            <Table.Tbody>
              {acknowledgements.data.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{formatDateTime(a.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>{t(`e2b.case.ackStatus.${a.status}`)}</Table.Td>
                  <Table.Td>
                    {a.code}
                    {a.reportCode ? ` / ${a.reportCode}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={a.xmlUrl}>{t('e2b.case.openXml')}</Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <RecordAcknowledgement reportId={reportId} />
    </Stack>
  );
}
