import '@mantine/core/styles.css';
import { useAppStore } from './lib/store';
import { prefetchTranslations } from './lib/translations';

/*
 * The entry is kept small: it starts fetching the chosen language's translations at once
 * (unless this build's copy is stored), while the app's code (boot.tsx) loads beside it.
 */
prefetchTranslations(useAppStore.getState().language);
void import('./boot').then(({ boot }) => boot());
