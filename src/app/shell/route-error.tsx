import { Alert, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { reportError } from '@/lib/report-error';
import { NotFound } from './not-found';

/** The error boundary inside the shell: not-found pages, failed chunks, render errors. */
export function RouteError() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (notFound) return;
    reportError({
      kind: 'client',
      url: window.location.href,
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
  }, [error, notFound]);

  if (notFound) return <NotFound />;
  return (
    <Stack>
      <Title order={1}>{t('routeError.title')}</Title>
      <Alert color="red">{t('routeError.text')}</Alert>
    </Stack>
  );
}
