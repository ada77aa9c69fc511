"""Writes the pyarrow-made Parquet fixtures of ParquetPyarrowTest (run: python make_fixtures.py; pyarrow 25.0.1).

Laid out the way Hugging Face `datasets` writes its Parquet exports: pyarrow's writer, Snappy pages, dictionary
encoding, string columns as `string`, lists and structs for choices and chat messages. The texts are made up here.
"""
import pyarrow as pa
import pyarrow.parquet as pq

LEAK = "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May."

# a GSM8K-like shard: question, answer
questions = [LEAK] + [f"A farmer has {i} cows and buys {i + 2} more. How many cows does the farmer have now?" for i in range(1, 7)]
answers = [f"Worked answer {i}\n#### {i}" for i in range(len(questions))]
pq.write_table(pa.table({"question": questions, "answer": answers}), "gsm8k/main/test-00000-of-00001.parquet")

# a WikiText-like corpus: one text column, blank rows, several row groups; the leak in row 41
rows = []
for i in range(120):
    if i == 41:
        rows.append(" = Homework = \n " + LEAK + " \n")
    elif i % 4 == 0:
        rows.append("")
    else:
        rows.append(f" The river runs {i} kilometres through the valley and the town . \n")
pq.write_table(pa.table({"text": rows}), "wikitext/test-00000-of-00001.parquet", row_group_size=50)
pq.write_table(pa.table({"text": pa.array(rows, type=pa.large_string())}), "wikitext-zstd-v2.parquet", row_group_size=50,
               compression="zstd", data_page_version="2.0", use_dictionary=False)

# an ARC-like shard: nested choices
arc = pa.table({
    "id": ["Mercury_1", "Mercury_2"],
    "question": ["Which gas do plants take in for photosynthesis?", "Which planet is closest to the Sun?"],
    "choices": [{"text": ["oxygen", "carbon dioxide"], "label": ["A", "B"]}, {"text": ["Venus", "Mercury"], "label": ["A", "B"]}],
    "answerKey": ["B", "B"],
})
pq.write_table(arc, "arc/test-00000-of-00001.parquet")

# a chat corpus: messages [{role, content}]
chat = pa.table({"messages": [
    [{"role": "user", "content": "Hello there"}, {"role": "assistant", "content": "Hi, how can I help?"}],
    [{"role": "user", "content": LEAK[:45]}, {"role": "assistant", "content": LEAK[45:]}],
]})
pq.write_table(chat, "chat.parquet")
