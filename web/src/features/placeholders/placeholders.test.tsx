import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProjectsPage } from './ProjectsPage';
import { TasksPage } from './TasksPage';

describe('projects sample screen', () => {
  it('lists three sample projects with their progress', () => {
    render(<ProjectsPage />);
    const projects = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(projects).toHaveLength(3);
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Timetable Planner' })).toBeInTheDocument();
  });

  it('has a New Project button that does nothing', async () => {
    render(<ProjectsPage />);
    const before = document.body.innerHTML;
    await userEvent.click(screen.getByRole('button', { name: 'New Project' }));
    expect(document.body.innerHTML).toBe(before);
  });
});

describe('tasks sample screen', () => {
  it('lists four sample tasks with the statuses completed, in-progress and pending', () => {
    render(<TasksPage />);
    const tasks = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(tasks).toHaveLength(4);
    const statuses = tasks.map((task) => task.lastElementChild?.textContent);
    expect(statuses).toEqual(['completed', 'in-progress', 'pending', 'pending']);
  });
});
