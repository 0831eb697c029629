import { screen } from '@testing-library/react';
import { EventCard } from '../../../src/client/components/odds/event-card';
import { renderWithProviders } from '../support/render';

it('renders an event card', () => {
  renderWithProviders(
    <EventCard
      now={new Date('2026-11-28T09:00:00Z')}
      timeZone="Africa/Lagos"
      event={{
        id: 'e1',
        name: 'Arsenal vs Chelsea',
        date: '2026-11-28T15:00:00Z',
        competitionId: 1,
        markets: [
          {
            marketId: 4,
            odds: [{ providerId: 1, margin: 6.42, odds: [{ selectionTypeId: 8, value: 2.1, flags: 10 }] }],
          },
        ],
      }}
    />,
  );
  expect(screen.getByText('Today • 16:00')).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: 'Over 2.5' })).toBeInTheDocument();
  expect(screen.getByText('2.10')).toHaveClass('fw-bold');
  expect(screen.getByText('6.42%')).toHaveClass('bg-warning');
});
