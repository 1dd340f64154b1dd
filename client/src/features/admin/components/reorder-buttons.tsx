import { Button } from '@/components/ui/button';

/** Up, down and remove for one row of an ordered list; real buttons, so the keyboard reaches them. */
export function ReorderButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const position = `${what} ${index + 1}`;
  return (
    <div className="flex gap-1">
      <Button variant="ghost" className="min-h-9 px-2" aria-label={`Move ${position} up`} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
        ↑
      </Button>
      <Button variant="ghost" className="min-h-9 px-2" aria-label={`Move ${position} down`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
        ↓
      </Button>
      <Button variant="ghost" className="min-h-9 px-2 text-danger" aria-label={`Remove ${position}`} onClick={() => onRemove(index)}>
        ✕
      </Button>
    </div>
  );
}
