import { Alert, Anchor, List, Loader, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { fieldAnchor } from '../../../lib/case-fields.ts';
import { useCaseWords } from '../case-document/words.ts';
import type { useDraftFindings } from './use-draft-findings.ts';

/**
 * Where the draft stands for the default receiver's profile: "2 errors, 1 warning for the ICH
 * profile", each finding a link that takes the focus to its field (the same finding is shown
 * beside the field). Announced politely as the check comes back.
 */
export function FindingsSummary({ check }: { check: ReturnType<typeof useDraftFindings> }) {
  const words = useCaseWords();
  const location = useLocation();
  const errors = check.findings.filter((f) => f.severity === 'error').length;
  const warnings = check.findings.length - errors;
  const profile = check.profile ? words.t(`caseDoc.form.profiles.${check.profile}`) : '';
  const status = check.failed
    ? words.t('caseDoc.form.checkFailed')
    : check.refused
      ? words.t('caseDoc.form.refused', { count: errors })
      : !check.profile
        ? words.t('caseDoc.form.checking')
        : words.t('caseDoc.form.findings', {
            errors: words.t('caseDoc.form.errors', { count: errors }),
            warnings: words.t('caseDoc.form.warnings', { count: warnings }),
            profile,
          });
  return (
    <div data-testid="case-form-findings">
      <Alert
        color={check.failed ? 'gray' : errors ? 'red' : warnings ? 'yellow' : 'green'}
        variant="light"
        icon={check.checking ? <Loader size="xs" aria-hidden /> : undefined}
      >
        <Text size="sm" fw={600} role="status" aria-live="polite">
          {status}
        </Text>
      </Alert>
      {check.findings.length ? (
        <List size="sm" mt="xs" spacing={4}>
          {check.findings.map((f) => (
            <List.Item key={`${f.element}|${f.path}|${f.message}`}>
              <Text span size="sm" c={f.severity === 'error' ? 'red.8' : undefined} fw={600}>
                {words.t(`caseDoc.form.severity.${f.severity}`)}
              </Text>{' '}
              {f.element ? `${f.element}: ` : ''}
              {f.path ? (
                <Anchor
                  component={Link}
                  replace
                  to={{ pathname: location.pathname, search: location.search, hash: fieldAnchor(f.path) }}
                  size="sm"
                >
                  {f.message}
                </Anchor>
              ) : (
                f.message
              )}
            </List.Item>
          ))}
        </List>
      ) : null}
    </div>
  );
}
