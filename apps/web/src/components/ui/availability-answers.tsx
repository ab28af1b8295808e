import { Button } from './button';

export type AvailabilityAnswer = 'available' | 'rented';

/**
 * An owner's two answers to 'Is it still available?': 'Yes' and 'Rented'. The one being sent
 * (`sending`) shows its wait; both are off while an answer is on its way.
 */
export function AvailabilityAnswers({
  labels,
  sending,
  busy,
  onAnswer,
  small,
}: {
  labels: Record<AvailabilityAnswer, string>;
  sending: AvailabilityAnswer | undefined;
  busy: boolean;
  onAnswer: (answer: AvailabilityAnswer) => void;
  small?: boolean;
}) {
  return (
    <>
      {(['available', 'rented'] as const).map((answer) => (
        <Button
          key={answer}
          small={small}
          block={!small}
          variant={answer === 'available' ? 'primary' : 'secondary'}
          onClick={() => onAnswer(answer)}
          loading={busy && sending === answer}
          disabled={busy}
        >
          {labels[answer]}
        </Button>
      ))}
    </>
  );
}
