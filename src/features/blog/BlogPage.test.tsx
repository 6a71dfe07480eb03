import { screen, within } from '@testing-library/react';
import { blogCopy } from './copy';
import { renderApp, signedOutState } from '../../testing/renderWithProviders';

describe('BlogPage', () => {
  it('shows the four questions as headings, each with its answer', async () => {
    renderApp('/blog', { preloadedState: signedOutState() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(4);
    const questions = [
      'What are the different ways to manage a state in a React application?',
      'How does prototypical inheritance work?',
      'What is a unit test? Why should we write unit tests?',
      'React vs. Angular vs. Vue?',
    ];
    articles.forEach((article, index) => {
      expect(article).toHaveAccessibleName(questions[index]);
      expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent(questions[index]);
      expect(within(article).getByText(blogCopy.posts[index].answer)).toBeInTheDocument();
    });
  });
});
