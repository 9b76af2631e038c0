import { Anchor, Code, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** What a developer sees of an error; production shows none of it. */
function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * The router's error element: a page crashed while rendering or loading. Friendly words and a
 * way home (a full page load, which starts from a clean state); details only in development.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t('notFound.title') : t('errorPage.title');
  useDocumentTitle(title);
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <PageHeader title={title} />
        <Text>{notFound ? t('notFound.checkAddress') : t('errorPage.body')}</Text>
        {!notFound ? <Text>{t('errorPage.tryLater')}</Text> : null}
        <Text>
          <Anchor href="/" underline="always">
            {t('errorPage.goHome')}
          </Anchor>
        </Text>
        {import.meta.env.DEV ? (
          <Code block aria-label={t('errorPage.details')}>
            {describe(error)}
          </Code>
        ) : null}
      </Stack>
    </Container>
  );
}
