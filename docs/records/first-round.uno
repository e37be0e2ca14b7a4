[Format "1"]
[Rules "official"]
[Players "2"]
[Names "Anna Bo"]

[Round "1"]
[Deck "RS G1 RS G2 RR G3 RR Y7 R2 B9 R3 B8 B3 R9 R7 Y1 Y2 Y3 Y4 Y6 Y8"]
1. 0 play RS
2. 0 play RS
3. 0 play RR
4. 0 play RR
5. 0 play R2
6. 1 play R9
7. 0 uno
8. 0 play R3
9. 1 play G3
10. 0 play B3
