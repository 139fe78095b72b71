import { EmploymentPanel } from '@/features/rider/components/employment-panel';
import { SectionPage } from '../portal/section-page';

export function EmploymentRoute() {
  return <SectionPage>{(owner) => <EmploymentPanel rider={owner.id} />}</SectionPage>;
}
