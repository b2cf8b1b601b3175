-- +goose Up
-- Training (issue 13): courses made of ordered modules, enrolments with the
-- modules each agent has done, certificates, and the saved order of the app
-- demo videos. The first schema's enrollments table (a composite key and a
-- stored progress number) was never written by any code; it is replaced by
-- one with an id (lists page by it) and a completion time, progress being
-- counted from module_progress. The courses table keeps its columns but the
-- stored module count and rating, which nothing would keep true.
DROP TABLE enrollments;
ALTER TABLE courses DROP COLUMN modules;
ALTER TABLE courses DROP COLUMN rating;
-- Title, category, instructor and description, lower-cased by the application, for search.
ALTER TABLE courses ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
CREATE INDEX courses_category_order ON courses (category, display_order, id);

CREATE TABLE course_modules (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    course_id BIGINT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    title     TEXT NOT NULL,
    video_url TEXT,
    duration  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX course_modules_course ON course_modules (course_id, position);

CREATE TABLE enrollments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id    BIGINT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    enrolled_at  DATETIME NOT NULL,
    completed_at DATETIME,
    UNIQUE (user_id, course_id)
);
CREATE INDEX enrollments_course ON enrollments (course_id);
CREATE INDEX enrollments_user ON enrollments (user_id, id);

CREATE TABLE module_progress (
    user_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id BIGINT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    module_id BIGINT NOT NULL REFERENCES course_modules (id) ON DELETE CASCADE,
    done_at   DATETIME NOT NULL,
    PRIMARY KEY (user_id, module_id)
);
CREATE INDEX module_progress_course ON module_progress (course_id, user_id);
CREATE INDEX module_progress_module ON module_progress (module_id);

-- A certificate outlives its course: the title and the agent's name are kept
-- as they were at issue time, and course_id becomes NULL if the course goes.
CREATE TABLE certificates (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    number       TEXT NOT NULL UNIQUE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id    BIGINT REFERENCES courses (id) ON DELETE SET NULL,
    course_title TEXT NOT NULL,
    agent_name   TEXT NOT NULL,
    issued_at    DATETIME NOT NULL,
    UNIQUE (user_id, course_id)
);
CREATE INDEX certificates_user ON certificates (user_id, id);
CREATE INDEX certificates_course ON certificates (course_id);

CREATE TABLE app_demo_order (
    demo_id  INTEGER PRIMARY KEY,
    position INTEGER NOT NULL
);

-- +goose Down
DROP TABLE app_demo_order;
DROP TABLE certificates;
DROP TABLE module_progress;
DROP TABLE enrollments;
DROP TABLE course_modules;
DROP INDEX courses_category_order;
ALTER TABLE courses DROP COLUMN search_text;
ALTER TABLE courses ADD COLUMN modules INTEGER;
ALTER TABLE courses ADD COLUMN rating REAL;
CREATE TABLE enrollments (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id  BIGINT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    progress   INTEGER NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL,
    PRIMARY KEY (user_id, course_id)
);
CREATE INDEX enrollments_course ON enrollments (course_id);
