/**
 * The shared summary at the end: each person's reps and score per step, in the order the
 * gateway sends (most work first), and this member's own result saved to their history once.
 */
import type { TGroupEnded } from '@movelab/shared';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { endedText } from '../lib/messages';
import { repsText, scoreText } from '../lib/format';
import type { TPlanView } from '../lib/result';
import { BoardTable } from './board-table';
import { MemberName } from './member-name';

type TSummaryProps = { ended: TGroupEnded; uid: string | null; plan: TPlanView | undefined; children?: React.ReactNode };

const stepName = (plan: TPlanView | undefined, index: number) => plan?.steps[index]?.name ?? `Step ${index + 1}`;

export function GroupSummary({ ended, uid, plan, children }: TSummaryProps) {
  const stepCount = Math.max(0, ...ended.results.map((result) => result.steps.length));
  const again = 'routineId' in ended.plan ? { routine: ended.plan.routineId } : { movement: ended.plan.movementId };
  return (
    <section aria-labelledby="summary-title" className="flex flex-col gap-4">
      <h2 id="summary-title" className="text-xl font-semibold">
        Summary
      </h2>
      <p className="text-muted">
        {plan ? `${plan.name}. ` : ''}
        {endedText[ended.reason]}
      </p>
      {ended.results.length === 0 ? (
        <p className="text-muted">Nobody practised in this session.</p>
      ) : (
        <div className="overflow-x-auto">
          <BoardTable
            label="Summary"
            columns={[
              { label: 'Person' },
              { label: 'Total', isNumber: true },
              ...Array.from({ length: stepCount }, (_, index) => ({ label: stepName(plan, index) })),
            ]}
          >
            {ended.results.map((result) => (
              <tr key={result.uid} className="bg-surface">
                <th scope="row" className="rounded-l-xl p-2 font-normal">
                  <MemberName member={result} isHost={false} isYou={result.uid === uid} size={32} />
                </th>
                <td className="p-2 text-right font-semibold tabular-nums">{repsText(result.totalReps)}</td>
                {Array.from({ length: stepCount }, (_, index) => {
                  const step = result.steps[index];
                  return (
                    <td key={index} className="p-2 whitespace-nowrap last:rounded-r-xl">
                      {step ? `${repsText(step.reps)} · ${scoreText(step.score)}` : '–'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </BoardTable>
        </div>
      )}
      {children}
      <div className="flex flex-wrap gap-2">
        <Link to={paths.togetherNew(again)} className={buttonClasses('primary')}>
          Practise again
        </Link>
        <Link to={paths.discover()} className={buttonClasses('secondary')}>
          Back to Discover
        </Link>
      </div>
    </section>
  );
}
