import { useNavigate, useParams } from 'react-router-dom';
import { BankAccountEdit, BankAccountForm } from '@/features/owner/components/bank-account-form';
import { useSectionHref } from '@/lib/owner-scope';
import { SectionPage } from '../../portal/section-page';

/** Back to the rider's bank accounts after saving or cancelling. */
function useBackToList() {
  const sectionHref = useSectionHref();
  const navigate = useNavigate();
  return () => void navigate(sectionHref('BankAccounts') ?? '..');
}

/** /riders/:riderId/bankAccounts/svps/add: the rider's account at the federation (SVPS). */
export function SvpsBankAccountAddRoute() {
  const back = useBackToList();
  return <SectionPage>{(owner) => <BankAccountForm owner={owner} federation="SVPS" onDone={back} />}</SectionPage>;
}

/** /riders/:riderId/bankAccounts/svps/:bankAccountId */
export function SvpsBankAccountEditRoute() {
  const back = useBackToList();
  const id = Number(useParams().bankAccountId);
  return (
    <SectionPage>
      {(owner) => <BankAccountEdit key={id} owner={owner} id={id} federation="SVPS" onDone={back} />}
    </SectionPage>
  );
}
