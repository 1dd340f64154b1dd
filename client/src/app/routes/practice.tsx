import { useParams } from 'react-router-dom';
import { PracticeScreen } from '@/features/practice/components/practice-screen';

/** The camera practice screen (its own chunk: it carries the pose model's page side). */
export default function PracticeRoute() {
  const { mode = '', id = '' } = useParams();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
      <PracticeScreen key={`${mode}/${id}`} mode={mode} id={id} />
    </div>
  );
}
