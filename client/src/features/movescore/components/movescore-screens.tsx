/** Movescore browsing (spec §2): home, then group, movement and perspective choice. */
import { mdiVideoCheck } from '@mdi/js';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MovementPicture } from '@/components/reference/movement-picture';
import { buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageTitle, Section } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAppStore } from '@/stores/app-store';
import { useGroup, useGroupMovement, useGroupMovements, useGroups, usePerspectives } from '@/lib/api/movescore-catalogue';
import { validReference } from '@/lib/reference/choose-reference';
import { historyHref } from '../history';
import { CatalogueGate, ChoiceList } from './catalogue-gate';
import { ChoiceCard } from './choice-card';
import { RecentSessions } from './recent-sessions';
import { countOf } from '@movelab/shared';

function Heading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="flex flex-col gap-1">
      <PageTitle>{title}</PageTitle>
      <p className="text-muted">{subtitle}</p>
    </div>
  );
}

export function MovescoreHome() {
  const currentUser = useAppStore((state) => state.currentUser);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 rounded-2xl bg-surface p-6">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Icon path={mdiVideoCheck} />
        </span>
        <Heading
          title="Movescore"
          subtitle="Film a movement and get a score from 0 to 100% against a reference. The video is analysed on this device and never leaves it: only the score is saved."
        />
        <ol className="list-decimal pl-5 text-sm text-muted">
          <li>Choose a group, then a movement.</li>
          <li>Pick the camera perspective you film from.</li>
          <li>Move in front of the camera and read your score.</li>
        </ol>
        <Link to={paths.movescoreSelectGroup()} className={buttonClasses('primary', 'self-start')}>
          Start analysing
        </Link>
      </div>
      <Section
        title="Recent sessions"
        action={
          <Link to={historyHref()} className={buttonClasses('ghost')}>
            Your progress
          </Link>
        }
      >
        {currentUser ? <RecentSessions uid={currentUser.uid} /> : null}
      </Section>
    </div>
  );
}

export function SelectGroup() {
  const [search, setSearch] = useState('');
  // A group with no movement leads nowhere: users see only groups they can analyse in.
  const groups = useGroups(search, { withMovementsOnly: true });
  const prefix = search.trim();
  return (
    <div className="flex flex-col gap-6">
      <Heading title="Choose a group" subtitle="Groups of related movements, ordered by name." />
      <TextField
        label="Search groups"
        type="search"
        placeholder="Start of the name, e.g. Squat"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="max-w-md"
      />
      <ChoiceList query={groups} what="groups" empty={prefix ? `No group name starts with “${prefix}”.` : 'There are no groups yet.'}>
        {(group) => (
          <ChoiceCard
            key={group.id}
            to={paths.movescoreSelectMovement({ groupId: group.id })}
            name={group.name}
            detail={countOf(group.movementCount, 'movement')}
            coverUrl={group.coverUrl}
          />
        )}
      </ChoiceList>
    </div>
  );
}

const groupMissing = {
  title: 'Group not found',
  message: 'This movescore group does not exist or was removed.',
  backTo: paths.movescoreSelectGroup(),
  backLabel: 'Back to the groups',
};

/** A movement with no perspective, or a perspective with no reference motion, has nothing to be compared with yet. */
const NOT_READY = 'Not ready yet: there is no reference to compare with';

export function SelectMovement({ groupId }: { groupId: string }) {
  const group = useGroup(groupId);
  const movements = useGroupMovements(groupId);
  return (
    <CatalogueGate records={[group]} notFound={groupMissing}>
      {() => (
        <div className="flex flex-col gap-6">
          <Heading title={group.data?.name ?? ''} subtitle="Choose a movement to analyse." />
          <ChoiceList query={movements} what="movements" empty="This group has no movements yet.">
            {(movement) => (
              <ChoiceCard
                key={movement.id}
                to={movement.perspectiveCount > 0 ? paths.movescoreSelectPerspective({ groupId, movementId: movement.id }) : null}
                name={movement.name}
                detail={movement.perspectiveCount > 0 ? countOf(movement.perspectiveCount, 'perspective') : NOT_READY}
              />
            )}
          </ChoiceList>
        </div>
      )}
    </CatalogueGate>
  );
}

export function movementMissing(groupId: string) {
  return {
    title: 'Movement not found',
    message: 'This movement does not exist in this group, or was removed.',
    backTo: paths.movescoreSelectMovement({ groupId }),
    backLabel: 'Back to the movements',
  };
}

export function SelectPerspective({ groupId, movementId }: { groupId: string; movementId: string }) {
  const group = useGroup(groupId);
  const movement = useGroupMovement(groupId, movementId);
  const perspectives = usePerspectives(groupId, movementId);
  const notFound = group.data === null ? groupMissing : movementMissing(groupId);
  return (
    <CatalogueGate records={[group, movement]} notFound={notFound}>
      {() => (
        <div className="flex flex-col gap-6">
          <Heading title={movement.data?.name ?? ''} subtitle={`${group.data?.name ?? ''} · Choose the camera perspective you film from.`} />
          <ChoiceList query={perspectives} what="perspectives" empty="This movement has no perspectives yet.">
            {(perspective) => (
              <ChoiceCard
                key={perspective.id}
                to={perspective.reference === undefined ? null : paths.movescoreAnalysis({ groupId, movementId, perspectiveId: perspective.id })}
                name={perspective.name}
                detail={perspective.reference === undefined ? NOT_READY : perspective.instructions || `Filmed from the ${perspective.view}`}
                picture={
                  <MovementPicture reference={validReference(perspective.reference)} name={perspective.name} isDecorative className="size-16" />
                }
              />
            )}
          </ChoiceList>
        </div>
      )}
    </CatalogueGate>
  );
}
