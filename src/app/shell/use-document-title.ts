import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/constants';
import { routeLabel } from '../route-handle';

/** "Paddock - <route label>" for the deepest labelled route (spec §2). */
export function useDocumentTitle(): void {
  const { t } = useTranslation('routes');
  const matches = useMatches();
  const label = matches
    .map(routeLabel)
    .filter((value) => value !== null)
    .at(-1);
  const title = label ? `${PRODUCT_NAME} - ${t(label)}` : PRODUCT_NAME;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
