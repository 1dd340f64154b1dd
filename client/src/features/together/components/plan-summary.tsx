/** What the group practises: the routine's name and steps, or the movement's name. */
import type { TPlanView } from '../lib/result';

export function PlanSummary({ plan, currentStep }: { plan: TPlanView; currentStep?: number }) {
  return (
    <section aria-labelledby="plan-title" className="flex flex-col gap-2">
      <h2 id="plan-title" className="text-lg font-semibold">
        {plan.name}
      </h2>
      {plan.routineId ? (
        <ol aria-label="Steps" className="flex flex-col gap-1 text-sm">
          {plan.steps.map((step, index) => (
            <li
              key={`${step.movementId}-${index}`}
              aria-current={index === currentStep ? 'step' : undefined}
              className={index === currentStep ? 'font-semibold text-primary' : 'text-muted'}
            >
              {index + 1}. {step.name}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">One movement, practised together.</p>
      )}
    </section>
  );
}
