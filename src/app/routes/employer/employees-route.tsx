import { EmployeeAdd } from '@/features/employer/components/employee-add';
import { EmployeeList } from '@/features/employer/components/employee-list';
import { SectionPage } from '../portal/section-page';

export function EmployeesRoute() {
  return <SectionPage>{(owner) => <EmployeeList employer={owner.id} />}</SectionPage>;
}

export function EmployeeAddRoute() {
  return <SectionPage>{(owner) => <EmployeeAdd employer={owner.id} />}</SectionPage>;
}
