/** The blog's page (/blog): four questions and their answers. */
export const blogCopy = {
  title: 'Blog',
  posts: [
    {
      question: 'What are the different ways to manage a state in a React application?',
      answer:
        'Local state with useState or useReducer for one component; lifting state up and passing props for a few; React Context for values many components read; a store such as Redux Toolkit for shared application state; a server-cache library such as RTK Query or React Query for data from an API; and the URL for state that should survive a reload or be shared.',
    },
    {
      question: 'How does prototypical inheritance work?',
      answer:
        'Every JavaScript object has a hidden link to another object, its prototype. When a property is not found on the object itself, the engine looks it up along this prototype chain until it finds it or reaches null. Classes are syntax over the same mechanism: methods live on the prototype and are shared by all instances.',
    },
    {
      question: 'What is a unit test? Why should we write unit tests?',
      answer:
        'A unit test checks one small piece of code, such as a function or a component, in isolation and automatically. We write them to catch bugs early, to change code without fear of breaking it, to document how the code is meant to be used, and to keep design simple: code that is easy to test is usually easy to understand.',
    },
    {
      question: 'React vs. Angular vs. Vue?',
      answer:
        'React is a library for building user interfaces with components and JSX, leaving routing and state to the ecosystem. Angular is a complete framework in TypeScript with dependency injection, routing and forms built in. Vue is a progressive framework with single-file components and an approachable template syntax. All three build fast component-based apps; the choice is about team and project size.',
    },
  ],
} as const;
