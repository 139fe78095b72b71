import '@mantine/core/styles.css';
import { startLanguage } from './lib/language';
import { prefetchTranslations } from './lib/translations';

/*
 * The entry is kept small and free of libraries: it starts fetching the chosen language's
 * translations at once (unless this build's copy is stored), while the app's code (boot.tsx)
 * loads beside it.
 */
prefetchTranslations(startLanguage());
void import('./boot').then(({ boot }) => boot());
