import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TeamJoin } from '@/features/owner/components/team-join';
import { TeamMemberEdit, TeamMemberForm } from '@/features/owner/components/team-member-form';
import { TeamMemberList } from '@/features/owner/components/team-member-list';
import { useSectionHref } from '@/lib/owner-scope';
import { SectionPage, usePageLabel } from './section-page';

/** The team (officials: accreditation), with the ways to the join page and the team's documents. */
export function TeamMembersRoute() {
  const { t } = useTranslation('routes');
  const sectionHref = useSectionHref();
  const title = usePageLabel();
  const more = [
    { to: sectionHref('TeamMembersJoin'), label: t('teamMembersJoin') },
    { to: sectionHref('TeamMemberDocuments'), label: t('teamMemberDocuments') },
  ].filter((link): link is { to: string; label: string } => link.to !== null);
  return (
    <SectionPage>
      {(owner) => (
        <>
          {more.length > 0 && (
            <Group gap="xs">
              {more.map((link) => (
                <Button key={link.to} component={Link} to={link.to} variant="default">
                  {link.label}
                </Button>
              ))}
            </Group>
          )}
          <TeamMemberList
            owner={owner}
            title={title}
            addHref={sectionHref('TeamMemberAdd')}
            editHref={(teamMembersId) => sectionHref('TeamMemberEdit', { teamMembersId })}
          />
        </>
      )}
    </SectionPage>
  );
}

function useBackToList() {
  const sectionHref = useSectionHref();
  const navigate = useNavigate();
  return () => void navigate(sectionHref('TeamMembers') ?? '..');
}

export function TeamMemberAddRoute() {
  const back = useBackToList();
  return <SectionPage>{(owner) => <TeamMemberForm owner={owner} onDone={back} />}</SectionPage>;
}

export function TeamMemberEditRoute() {
  const back = useBackToList();
  const id = Number(useParams().teamMembersId);
  return <SectionPage>{(owner) => <TeamMemberEdit key={id} owner={owner} id={id} onDone={back} />}</SectionPage>;
}

/** Join a team with an invitation link; the teams the signed-in user is in. */
export function TeamMembersJoinRoute() {
  return <SectionPage>{() => <TeamJoin />}</SectionPage>;
}
