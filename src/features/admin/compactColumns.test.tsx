import { render, screen } from '@testing-library/react';
import type { GridRenderCellParams } from '@mui/x-data-grid';
import type { User } from '../../types/entities';
import { buyerColumns } from './buyerColumns';
import { compactColumns } from './compactColumns';

describe('compactColumns (admin lists on a phone)', () => {
  const columns = compactColumns(buyerColumns({ onMakeSeller: jest.fn(), onDelete: jest.fn() }));

  it('keeps the name and both actions, and drops the position and the email column', () => {
    expect(columns.map((column) => column.field)).toEqual(['name', '__action', '__delete']);
    const widest = columns.reduce((sum, column) => sum + (column.minWidth ?? 0), 0);
    expect(widest).toBeLessThanOrEqual(320); // fits a 360 px screen
  });

  it('shows the email beneath the name', () => {
    const user: User = { _id: 'u1', name: 'Bob Buyer', email: 'bob@example.test', role: 'Buyer' };
    const name = columns[0];
    render(<>{name.renderCell?.({ row: user } as GridRenderCellParams<User>)}</>);
    expect(screen.getByText('Bob Buyer')).toBeInTheDocument();
    expect(screen.getByText('bob@example.test')).toBeInTheDocument();
  });
});
