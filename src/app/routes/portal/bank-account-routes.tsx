import { useNavigate, useParams } from 'react-router-dom';
import { BankAccountEdit, BankAccountForm } from '@/features/owner/components/bank-account-form';
import { BankAccountList } from '@/features/owner/components/bank-account-list';
import { useSectionHref } from '@/lib/owner-scope';
import { SectionPage } from './section-page';

export function BankAccountsRoute() {
  const sectionHref = useSectionHref();
  return (
    <SectionPage>
      {(owner) => (
        <BankAccountList
          owner={owner}
          addHref={sectionHref('BankAccountAdd')}
          editHref={(bankAccountId) => sectionHref('BankAccountEdit', { bankAccountId })}
          // The SVPS variants: where the base has them (the admin's rider pages), else read-only.
          svpsAddHref={sectionHref('SvpsBankAccountAdd')}
          svpsEditHref={
            sectionHref('SvpsBankAccountAdd') === null
              ? undefined
              : (bankAccountId) => sectionHref('SvpsBankAccountEdit', { bankAccountId })
          }
        />
      )}
    </SectionPage>
  );
}

/** Back to the list after saving or cancelling. */
function useBackToList() {
  const sectionHref = useSectionHref();
  const navigate = useNavigate();
  return () => void navigate(sectionHref('BankAccounts') ?? '..');
}

export function BankAccountAddRoute() {
  const back = useBackToList();
  return <SectionPage>{(owner) => <BankAccountForm owner={owner} onDone={back} />}</SectionPage>;
}

export function BankAccountEditRoute() {
  const back = useBackToList();
  const id = Number(useParams().bankAccountId);
  return <SectionPage>{(owner) => <BankAccountEdit key={id} owner={owner} id={id} onDone={back} />}</SectionPage>;
}
