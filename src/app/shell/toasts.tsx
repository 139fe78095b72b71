import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export function Toasts() {
  return <Notifications position="top-right" limit={5} />;
}
