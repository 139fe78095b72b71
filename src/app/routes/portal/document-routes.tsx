import { useNavigate } from 'react-router-dom';
import { DocumentForm } from '@/features/owner/components/document-form';
import { DocumentList } from '@/features/owner/components/document-list';
import { useSectionHref } from '@/lib/owner-scope';
import { SectionPage } from './section-page';

function useBack(section: 'Documents' | 'TeamMemberDocuments') {
  const sectionHref = useSectionHref();
  const navigate = useNavigate();
  return () => void navigate(sectionHref(section) ?? '..');
}

export function DocumentsRoute() {
  const sectionHref = useSectionHref();
  return <SectionPage>{(owner) => <DocumentList owner={owner} addHref={sectionHref('DocumentAdd')} />}</SectionPage>;
}

export function DocumentAddRoute() {
  const back = useBack('Documents');
  return <SectionPage>{(owner) => <DocumentForm owner={owner} onDone={back} />}</SectionPage>;
}

/** The documents of the owner's team members. */
export function TeamMemberDocumentsRoute() {
  const sectionHref = useSectionHref();
  return (
    <SectionPage>
      {(owner) => <DocumentList owner={owner} team addHref={sectionHref('TeamMemberDocumentAdd')} />}
    </SectionPage>
  );
}

export function TeamMemberDocumentAddRoute() {
  const back = useBack('TeamMemberDocuments');
  return <SectionPage>{(owner) => <DocumentForm owner={owner} team onDone={back} />}</SectionPage>;
}
