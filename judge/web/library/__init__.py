"""The library of cases for teachers: the cases (`casebook`), browsing them (`views`), printable
handouts (`handout`, boards in words from `board`), the quiz (`quiz`, questions from `quizgen`,
chosen by `quizplan`) and the library's coverage of the timing graph (`coverage`)."""
